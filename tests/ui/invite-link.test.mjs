// Opening an invite link from another app (issue 8): `minca minca:…` hands
// the link to the running Minca of the profile (app/instance), here a
// `minca ui` in Chromium. The page keeps a link that arrives before there is
// an account and shows it once the account exists; it brings up the Join
// screen with the link filled in and the preview shown, and joins only when
// asked; a link to a space the account holds already opens that space; a
// link cut short is refused in people's words (the node's message). A
// plain `minca` beside it opens a window of its own (over the same node),
// which takes links while it is open; then the page takes them again.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { bin, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, createAccount, nav, ownRuntime, shortDID, shot } from "./flows.mjs";

/** The invite of a link `minca invite create` prints, as a minca: link. */
function mincaLink(link) {
  const i = link.indexOf("#invite=");
  assert.ok(i > 0, `an invite link: ${link}`);
  return "minca:" + link.slice(i + "#invite=".length);
}

/** `minca LINK`, as the desktop runs it: hands the link over and exits 0. */
function openLink(env, link) {
  const r = spawnSync(bin, [link], { env, timeout: 15000 });
  assert.equal(r.status, 0, `minca ${link.slice(0, 24)}…: exit ${r.status}\n${r.stdout}${r.stderr}`);
}

describe("an invite link opened from another app", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, ui, browser, page;
  let roleLink = "";
  let viewLink = "";
  let benEnv;
  let anaDID = "";

  before(async () => {
    // Ana, on the command line only: an account, a space, two invites.
    ana = freshHome();
    const anaEnv = ownRuntime(ana.home, { MINCA_KEYCHAIN: "none", MINCA_PASSPHRASE: "ana's passphrase here" });
    const cli = (...args) => JSON.parse(execFileSync(bin, [...args, "--json"], { env: anaEnv }).toString());
    anaDID = cli("account", "create", "--name", "Ana").account.did;
    const sp = cli("space", "create", "Reading circle", "--template", "club");
    roleLink = mincaLink(cli("invite", "create", sp.id, "--role", "member").link);
    viewLink = mincaLink(cli("invite", "create", sp.id, "--view-only").link);

    ben = freshHome();
    benEnv = ownRuntime(ben.home);
    ui = await startUI(ben.home, benEnv);
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(ui.url);
    await page.getByTestId("start-create").waitFor({ timeout: T });
  });

  after(async () => {
    await browser?.close();
    const code = await ui?.stop();
    ana?.cleanup();
    ben?.cleanup();
    assert.equal(code, 0, "minca ui exits cleanly on SIGTERM");
  });

  it("a link before there is an account waits, then shows on the Join screen with its preview", async () => {
    openLink(benEnv, roleLink);
    const pending = page.getByTestId("pending-invite");
    await pending.waitFor({ timeout: T });
    assert.match(await pending.textContent(), /invite link/);
    await shot(page, "invite-link-pending");

    await createAccount(page, "Ben", join(ben.home, "Minca"), undefined, "Join a space");
    await page.getByTestId("opened-link").waitFor({ timeout: T });
    assert.equal(await page.getByTestId("join-link").inputValue(), roleLink.slice("minca:".length));
    const offer = page.getByTestId("invite-preview");
    await offer.waitFor({ timeout: T });
    const text = await offer.textContent();
    assert.match(text, /Reading circle/);
    assert.ok(text.includes("Ana") || text.includes(shortDID(anaDID)), `who invited, in ${text}`);
    assert.match(text, /as\s+Member/i);
    assert.ok(await page.getByTestId("join").isVisible(), "it asks before joining");
    await shot(page, "invite-link-preview");
    // Nothing was joined by opening the link.
    await nav(page, "Spaces");
    assert.equal(await page.getByTestId("space-item").count(), 0);
  });

  it("with the app open elsewhere, a link brings up the Join screen; joining waits for the yes", async () => {
    await nav(page, "Sync");
    openLink(benEnv, viewLink);
    await page.getByRole("heading", { name: "Join a space", level: 1 }).waitFor({ timeout: T });
    await page.getByTestId("join-link").waitFor({ timeout: T });
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="join-link"]')?.value === v, viewLink.slice("minca:".length), { timeout: T },
    );
    const offer = page.getByTestId("invite-preview");
    await offer.waitFor({ timeout: T });
    assert.match(await offer.textContent(), /view only/);
    await page.getByTestId("join").click();
    await page.getByTestId("space-title").filter({ hasText: "Reading circle" }).waitFor({ timeout: T });
  });

  it("a link to a space already held says so and opens it; a reload does not show a link again", async () => {
    await nav(page, "Settings");
    openLink(benEnv, viewLink);
    await page.getByTestId("space-title").filter({ hasText: "Reading circle" }).waitFor({ timeout: T });
    assert.match(await page.getByTestId("message").textContent(), /already a member of Reading circle/);
    await shot(page, "invite-link-member");

    await page.reload();
    await page.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
    await page.waitForTimeout(1500); // the kept "invite" event arrives again with the snapshot
    assert.equal(await page.getByRole("heading", { level: 1 }).first().textContent(), "Spaces");
  });

  it("a bad link is refused by the launch and never reaches the page", async () => {
    const r = spawnSync(bin, ["minca:not-an-invite"], { env: benEnv, timeout: 15000 });
    assert.equal(r.status, 2, `exit ${r.status}: ${r.stderr}`);
    assert.equal(await page.getByTestId("invite-preview").count(), 0);
  });

  it("a link cut short, pasted on the Join screen, is refused in people's words", async () => {
    await nav(page, "Join a space");
    const cut = roleLink.slice("minca:".length, -10);
    await page.getByTestId("join-link").fill(cut);
    await page.getByTestId("preview").click();
    const problem = page.getByTestId("error");
    await problem.waitFor({ timeout: T });
    const text = await problem.innerText(); // what shows: the node's own words stay under a closed Details
    assert.match(text, /This is not a Minca invite link, or it was cut short: copy the whole link again\./);
    for (const jargon of ["§", "base64", "parse", "invite refused"]) assert.ok(!text.includes(jargon), `"${jargon}" in ${text}`);
    assert.equal(await page.getByTestId("invite-preview").count(), 0);
    await shot(page, "invite-link-cut");
  });

  it("a plain launch opens a window of its own, which takes links until it closes", async () => {
    const win = spawn(bin, [], { env: { ...benEnv, MINCA_LOG: "debug" }, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    win.stdout.on("data", (b) => (log += b));
    win.stderr.on("data", (b) => (log += b));
    const exited = new Promise((resolve) => win.on("exit", (code, signal) => resolve({ code, signal })));
    try {
      await until(() => log.includes("msg=call method=Account"), "the window's page to load", () => log);
      await nav(page, "Settings");
      openLink(benEnv, viewLink);
      await until(() => log.includes("instance: link received"), "the window to get the link", () => log);
      await page.waitForTimeout(1500);
      assert.equal(await page.getByRole("heading", { level: 1 }).first().textContent(), "Settings", "the page got a link meant for the window");
    } finally {
      win.kill("SIGTERM");
    }
    await exited;
    // The UI takes links again within a few seconds of the window closing.
    let handed = false;
    for (let i = 0; i < 20 && !handed; i++) {
      openLink(benEnv, viewLink);
      handed = await page.getByTestId("space-title").filter({ hasText: "Reading circle" }).waitFor({ timeout: 1000 }).then(() => true, () => false);
    }
    assert.ok(handed, "with the window closed, a link reaches the page again");
  });
});

/** Waits up to 60 s for ok(), failing with what() and the output. */
async function until(ok, what, output) {
  for (const end = Date.now() + 60000; !ok(); ) {
    if (Date.now() > end) assert.fail(`no sign of ${what} in 60 s; output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
