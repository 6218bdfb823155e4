// The data folder's old copy (issue 8: copy, verify every file, switch,
// then offer to remove the old copy), in Chromium against `minca ui`: after
// a move the Folder view offers to remove the old copy; removing deletes
// what the move copied and leaves what was added since, said on the page
// and checked on disk; "Keep it" leaves the old copy as it is.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, envFor, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, createAccount, createSpace, nav, shot } from "./flows.mjs";

/** Moves the data folder to dir from the Folder view; resolves once the old copy is offered. */
async function moveTo(page, dir) {
  await nav(page, "Data folder");
  await page.getByTestId("mode-move").check();
  await page.getByTestId("new-folder-input").fill(dir);
  await page.getByTestId("set-folder").click();
  await page.getByTestId("old-copy").waitFor({ timeout: T });
  assert.equal((await page.getByTestId("folder-path").textContent()).trim(), dir);
}

describe("the old copy after a folder move", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page;
  let first, second, third;

  before(async () => {
    home = freshHome();
    const run = join(home.home, "run");
    mkdirSync(run, { mode: 0o700 });
    ui = await startUI(home.home, { ...envFor(home.home), XDG_RUNTIME_DIR: run });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(ui.url);
    first = join(home.home, "Minca");
    second = join(home.home, "Dropbox", "Minca");
    third = join(home.home, "Syncthing", "Minca");
  });

  after(async () => {
    await browser?.close();
    const code = await ui?.stop();
    home?.cleanup();
    assert.equal(code, 0, "minca ui exits cleanly on SIGTERM");
  });

  it("after a move, removing the old copy deletes what was copied and keeps what was added", async () => {
    await createAccount(page, "Ada", first);
    await createSpace(page, "Allotment", { priv: true });
    await moveTo(page, second);
    assert.equal((await page.getByTestId("old-path").textContent()).trim(), first);
    assert.match(await page.getByTestId("old-copy").textContent(), /no longer used\. Remove it\?/);
    writeFileSync(join(first, "my-notes.txt"), "written after the move");
    await shot(page, "oldcopy-offer");

    await page.getByTestId("remove-old").click();
    await page.getByTestId("confirm").waitFor({ timeout: T });
    await page.getByTestId("confirm-yes").click();
    const cleaned = page.getByTestId("cleaned");
    await cleaned.waitFor({ timeout: T });
    assert.match(await cleaned.textContent(), /1 file stayed/);
    const kept = page.getByTestId("kept-file");
    assert.equal(await kept.count(), 1);
    assert.match(await kept.textContent(), /my-notes\.txt\s*\(added after the move\)/);
    assert.equal(await page.getByTestId("old-copy").count(), 0, "no longer offered");
    await shot(page, "oldcopy-removed");

    // On disk: the old copy holds only the added file; the new one is whole.
    assert.deepEqual(readdirSync(first), ["my-notes.txt"]);
    assert.ok(existsSync(join(second, "accounts.json")));
    assert.ok(readdirSync(join(second, "accounts")).length === 1);

    // Forgotten for good: a reload does not offer it again; spaces still open.
    await page.reload();
    await nav(page, "Data folder");
    await page.getByTestId("folder-path").waitFor({ timeout: T });
    assert.equal(await page.getByTestId("old-copy").count(), 0);
    await nav(page, "Spaces");
    await page.getByTestId("space-item").filter({ hasText: "Allotment" }).waitFor({ timeout: T });
  });

  it("Keep it leaves the old copy as it is and stops offering it", async () => {
    await moveTo(page, third);
    const before = readdirSync(second).sort();
    await page.getByTestId("keep-old").click();
    await page.getByTestId("message").filter({ hasText: "leaves" }).waitFor({ timeout: T });
    assert.equal(await page.getByTestId("old-copy").count(), 0);
    assert.deepEqual(readdirSync(second).sort(), before);
    assert.ok(existsSync(join(second, "accounts.json")));
  });

  it("names a registry entry that does not open, and leaves it as it is (05 §15)", async () => {
    const [account] = readdirSync(join(third, "accounts"));
    const kv = join(third, "accounts", account, "stores", "registry", "kv");
    mkdirSync(kv, { recursive: true });
    const name = "spaceinvite%3Ab" + "e".repeat(52);
    writeFileSync(join(kv, name), '{"written":"in the clear"}');
    await page.reload();
    await nav(page, "Data folder");
    const refused = page.getByTestId("registry-refused");
    await refused.waitFor({ timeout: T });
    assert.match(await refused.textContent(), /1 entry left unused/);
    assert.match(await refused.textContent(), /do not open with your key/);
    await page.getByTestId("registry-refused-keys").locator("summary").click();
    assert.match(await page.getByTestId("registry-refused-keys").textContent(), new RegExp("spaceinvite:b" + "e".repeat(52)));
    await shot(page, "folder-registry-refused");
    assert.ok(existsSync(join(kv, name)), "left as it is");
    await nav(page, "Spaces");
    await page.getByTestId("space-item").filter({ hasText: "Allotment" }).waitFor({ timeout: T });
  });
});
