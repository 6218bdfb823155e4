// What the first run, the data folder and a space say when something is in
// the way, in Chromium against a real `minca ui` (issue 8's audit): a data
// folder that is a file is refused in words naming it, never as "no
// keychain", and nothing is saved; the create form starts on the name field
// and says why Create waits; a folder holding someone else's account names
// whose it is; after a move and after removing the old copy focus lands on
// what comes next, not on the page; an invite's Done leaves focus on the
// button that makes another; Sync now with no one to sync with says so;
// leaving as the only member says the space is left with no members; a
// word typed as a recovery code is refused with what a code looks like; an
// account restored from its code alone says where its name and spaces come
// from, offers the data folder, and takes its name back from it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, freshHome, startUI, statusJSON } from "./minca.mjs";
import { T, checkRecoveryCode, createSpace, createInvite, endOnePage, keyStoreFor, nav, onePage, ownRuntime, shot } from "./flows.mjs";

const PASS = "correct horse battery staple";

/** What has keyboard focus: its test id, id, tag, and whether it is the page itself. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { body: !el || el === document.body, testid: el?.getAttribute("data-testid") ?? "", id: el?.id ?? "", tag: el?.tagName.toLowerCase() ?? "" };
  });

/** Waits until focus is on the element matching sel; fails saying where it is. */
async function focusOn(page, sel, what) {
  await page.waitForFunction((s) => document.activeElement?.matches(s), sel, { timeout: T })
    .catch(async () => assert.fail(`${what}: focus is on ${JSON.stringify(await focused(page))}`));
}

/** Types the passphrase twice when this computer has no keychain (the form asks it from the start). */
async function passphraseIfAsked(page) {
  if (keyStoreFor() === "keychain") return;
  await page.getByTestId("passphrase").fill(PASS);
  await page.getByTestId("passphrase-again").fill(PASS);
}

describe("first run, data folder and space: words and focus", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page, recovery;

  before(async () => {
    ({ home, ui, browser, page } = await onePage());
  });

  after(async () => {
    assert.equal(await endOnePage({ home, ui, browser }), 0, "minca ui exits cleanly on SIGTERM");
  });

  it("starts on the name field, says why Create waits, and refuses a file as the data folder in words", async () => {
    await page.getByTestId("start-create").click({ timeout: T });
    await focusOn(page, '[data-testid="profile-name"]', "the create form");
    assert.ok(await page.getByTestId("create-account").isDisabled());
    assert.match(await page.getByTestId("create-why").textContent(), /Type your name/);
    assert.equal(await page.getByTestId("create-account").getAttribute("aria-describedby"), "create-why");

    const file = join(home.home, "notes.txt");
    writeFileSync(file, "not a folder");
    await page.getByTestId("profile-name").fill("Ana");
    assert.equal(await page.getByTestId("create-why").count(), 0, "the hint goes once the name is there");
    await page.getByTestId("folder-input").fill(file);
    await passphraseIfAsked(page);
    await page.getByTestId("create-account").click();
    const err = page.getByTestId("error-text");
    await err.waitFor({ timeout: T });
    assert.equal(await err.textContent(), `${file} is a file, not a folder.`);
    assert.doesNotMatch(await page.getByTestId("error").textContent(), /cannot reach something/);
    if (keyStoreFor() === "keychain") {
      assert.equal(await page.getByTestId("passphrase-card").count(), 0, "a bad folder is no missing keychain");
    }
    const st = statusJSON(home.home);
    assert.equal(st.account ?? "", "", "no account for a refused folder");
    assert.notEqual(st.dataFolder, file, "the refused folder is not saved");
    await shot(page, "welcome-folder-file");

    await page.reload();
    await page.getByTestId("start-create").click({ timeout: T });
    assert.notEqual(await page.getByTestId("folder-input").inputValue(), file, "a reload does not fill the refused folder");
    await page.getByTestId("profile-name").fill("Ana");
    await page.getByTestId("folder-input").fill(join(home.home, "Minca"));
    await passphraseIfAsked(page);
    await page.getByTestId("create-account").click();
    await page.getByTestId("recovery-code").waitFor({ timeout: T });
    recovery = await checkRecoveryCode(page, "Ana");
  });

  it("names whose account a folder holds, and moves focus on after a move and after removing the old copy", async () => {
    // Ben's data folder, made by another profile with the CLI.
    const other = freshHome();
    const benFolder = join(other.home, "Ben's Minca");
    const env = ownRuntime(other.home, { MINCA_PASSPHRASE: PASS });
    try {
      execFileSync(bin, ["folder", "set", benFolder], { env });
      execFileSync(bin, ["account", "create", "--name", "Ben"], { env });
      execFileSync(bin, ["quit"], { env });
    } catch (e) {
      other.cleanup();
      throw e;
    }
    try {
      await nav(page, "Data folder");
      await page.getByTestId("mode-use").check();
      await page.getByTestId("new-folder-input").fill(benFolder);
      await page.getByTestId("set-folder").click();
      const err = page.getByTestId("error-text");
      await err.waitFor({ timeout: T });
      assert.equal(await err.textContent(), `${benFolder} holds another account (Ben), not yours.`);
      assert.match(await page.getByTestId("error-hint").textContent(), /Choose the folder that holds your account, or an empty one/);
      await focusOn(page, "#new-folder", "after a refusal");
      await shot(page, "folder-other-account");
    } finally {
      other.cleanup();
    }

    const to = join(home.home, "Moved");
    await page.getByTestId("mode-move").check();
    await page.getByTestId("new-folder-input").fill(to);
    await page.getByTestId("set-folder").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("old-copy").waitFor({ timeout: T });
    await focusOn(page, "#old-h", "after a move");

    await page.getByTestId("remove-old").click();
    await page.getByTestId("confirm-yes").click();
    await page.getByTestId("cleaned").waitFor({ timeout: T });
    await focusOn(page, "#cleaned", "after removing the old copy");
    assert.ok(existsSync(join(to, "accounts.json")));
  });

  it("an invite's Done leaves focus on Create invite link; Sync now with no one says so; the last member leaving is told", async () => {
    await createSpace(page, "Lonely", { priv: true, template: "team" });
    await createInvite(page, { role: "member" });
    await page.getByTestId("invite-done").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("fresh-invite").waitFor({ state: "detached", timeout: T });
    await focusOn(page, '[data-testid="create-invite"]', "after an invite's Done");

    await page.getByTestId("space-sync").filter({ hasText: "No one to sync with" }).waitFor({ timeout: T });
    await page.getByTestId("sync-now").click();
    const msg = page.getByTestId("message");
    await msg.waitFor({ timeout: T });
    assert.match(await msg.textContent(), /No one to sync with right now/);
    assert.doesNotMatch(await msg.textContent(), /Syncing now/);

    await page.getByTestId("leave").click();
    const last = page.getByTestId("leave-last");
    await last.waitFor({ timeout: T });
    assert.match(await last.textContent(), /only member/);
    assert.match(await last.textContent(), /no members at all/);
    await shot(page, "leave-last-member");
    await page.keyboard.press("Escape");
  });

  it("a word is not a recovery code; an account back from its code alone says where its name and spaces come from", async () => {
    const other = freshHome();
    const env = ownRuntime(other.home);
    const ui2 = await startUI(other.home, env);
    const p2 = await browser.context.newPage();
    try {
      await p2.goto(ui2.url);
      await p2.getByTestId("start-restore").click({ timeout: T });
      await p2.getByTestId("recovery-input").fill("hello");
      await p2.getByTestId("folder-input").fill(join(other.home, "Minca"));
      await passphraseIfAsked(p2);
      await p2.getByTestId("restore-account").click();
      const err = p2.getByTestId("error-text");
      await err.waitFor({ timeout: T });
      assert.match(await err.textContent(), /^That is not a recovery code: it has 5 letters and digits, not 26\./);
      assert.match(await err.textContent(), /groups of four/);
      await shot(p2, "restore-bad-code");

      await p2.getByTestId("recovery-input").fill(recovery);
      await p2.getByTestId("restore-account").click();
      await p2.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
      const note = p2.getByTestId("restored-note");
      await note.waitFor({ timeout: T });
      assert.match(await note.textContent(), /Your name and your spaces come back when this computer reaches the data folder/);
      await shot(p2, "restored-from-code");
      await nav(p2, "Settings");
      await p2.getByTestId("name-comes-back").waitFor({ timeout: T });
      await nav(p2, "Spaces");
      await p2.getByTestId("restored-pick-folder").click();
      await p2.getByRole("heading", { name: "Data folder", level: 1 }).waitFor({ timeout: T });
      // Ana's data folder (moved above) holds the account under the id her first computer gave it: it is taken
      // as this account's, not refused as someone else's, and her name comes back live.
      await p2.getByTestId("mode-use").check();
      await p2.getByTestId("new-folder-input").fill(join(home.home, "Moved"));
      await p2.getByTestId("set-folder").click();
      await p2.getByTestId("folder-holds").waitFor({ timeout: T });
      await p2.getByTestId("me").filter({ hasText: "Ana" }).waitFor({ timeout: T });
      await nav(p2, "Settings");
      assert.equal(await p2.getByTestId("settings-name").inputValue(), "Ana");
      assert.equal(await p2.getByTestId("name-comes-back").count(), 0);
    } finally {
      await p2.close();
      assert.equal(await ui2.stop(), 0);
      other.cleanup();
    }
  });
});
