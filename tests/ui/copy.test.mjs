// Copy buttons copy, read back from the clipboard of headless Chromium (its
// context granted clipboard-read and clipboard-write) against a real `minca
// ui`: the recovery code on the first run, and an invite's link shown again
// with "Show link" after "Done", after a reload too, until it is closed
// (the node keeps the links it made: api.Node.InviteLink). Then Ada joins
// Ben's space as a member: its Invites offer her nothing she may not do (a
// view-only invite only, no Close) and say Ben's link is not on her computer. The
// window's own clipboard (Wails, CopyText) is tests/window_copy_e2e_test.go.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bin, envFor, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, checkQR, checkRecoveryCode, createInvite, createSpace, joinByLink, keyStoreFor, openSpace, shot } from "./flows.mjs";

/** The clipboard's text as the page reads it. */
const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());
/** Puts a marker on the clipboard, so a copy that does nothing is caught. */
const mark = (page) => page.evaluate(() => navigator.clipboard.writeText("nothing copied yet"));

describe("Copy buttons", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page, link, ben;

  before(async () => {
    home = freshHome();
    ui = await startUI(home.home);
    browser = await launchChromium();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(ui.base).origin });
    page = await browser.context.newPage();
    await page.goto(ui.url);
  });

  after(async () => {
    await browser?.close();
    const code = await ui?.stop();
    await ben?.stop();
    home?.cleanup();
    ben?.home.cleanup();
    assert.equal(code, 0, "minca ui exits cleanly on SIGTERM");
  });

  it("copies the recovery code", async () => {
    await page.getByTestId("start-create").click({ timeout: T });
    await page.getByTestId("profile-name").fill("Ada");
    await page.getByTestId("folder-input").fill(join(home.home, "Minca"));
    await page.getByTestId("create-account").click();
    if (keyStoreFor() === "passphrase") {
      await page.getByTestId("passphrase").fill("correct horse battery staple");
      await page.getByTestId("passphrase-again").fill("correct horse battery staple");
      await page.getByTestId("create-account").click();
    }
    const code = (await page.getByTestId("recovery-code").textContent({ timeout: T })).trim();
    await mark(page);
    await page.getByTestId("copy-code").click();
    await page.getByTestId("copy-code").filter({ hasText: "Copied" }).waitFor({ timeout: T });
    assert.equal(await clipboard(page), code);
    await checkRecoveryCode(page, "Ada");
  });

  it("shows an invite's link again after Done, and copies it", async () => {
    await createSpace(page, "Garden club");
    link = await createInvite(page, { role: "member" });
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await page.getByTestId("fresh-invite").waitFor({ state: "detached", timeout: T });

    const row = page.getByTestId("invite");
    assert.equal(await row.count(), 1);
    await row.getByTestId("show-invite-link").click();
    const shown = page.getByTestId("shown-invite-link");
    await shown.waitFor({ timeout: T });
    assert.equal(await shown.inputValue(), link, "the link shown again is the one made");
    await checkQR(page.getByTestId("invite-shown"), link);
    await shot(page, "invite-link-again");

    await mark(page);
    await page.getByTestId("copy-shown-link").click();
    await page.getByTestId("copy-shown-link").filter({ hasText: "Copied" }).waitFor({ timeout: T });
    assert.equal(await clipboard(page), link);
  });

  it("still shows it after a reload, and no more once it is closed", async () => {
    await page.reload();
    await openSpace(page, "Garden club");
    const row = page.getByTestId("invite");
    await row.getByTestId("show-invite-link").click({ timeout: T });
    assert.equal(await page.getByTestId("shown-invite-link").inputValue({ timeout: T }), link);
    await row.getByTestId("close-invite").click();
    await page.getByTestId("no-invites").waitFor({ timeout: T });
    assert.equal(await page.getByTestId("invite-shown").count(), 0);
    assert.equal(await page.getByTestId("error").count(), 0);
  });

  it("a member sees no role invite, no Close, and that Ben's link is elsewhere", async () => {
    ben = await startHost("Ben");
    const sp = ben.cli("space", "create", "Book circle", "--template", "team");
    const inv = ben.cli("invite", "create", sp.id, "--role", "member");
    await joinByLink(page, inv.link, { space: "Book circle" });
    const row = page.getByTestId("invite");
    await row.waitFor({ timeout: T });
    assert.equal(await row.getByTestId("invite-link-elsewhere").count(), 1, "Ben's link is not on Ada's computer");
    assert.equal(await row.getByTestId("show-invite-link").count(), 0);
    assert.equal(await row.getByTestId("close-invite").count(), 0, "a member may not close Ben's invite");
    // A member may make a view-only invite (it opens no invite record, 03 §7.5), not a role one.
    assert.equal(await page.getByTestId("invite-role").count(), 0, "no role a member may invite to");
    const viewOnly = page.getByTestId("invite-view-only");
    assert.ok((await viewOnly.isChecked()) && (await viewOnly.isDisabled()), "the invite form offers view-only alone");
    await shot(page, "invites-member");
  });
});

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A person with an account made by the CLI and a `minca host` accepting
 * peers on loopback, so the page's node can join their spaces: cli runs a
 * verb with --json in their home, stop ends the host.
 */
async function startHost(name) {
  const home = freshHome();
  const env = { ...envFor(home.home), MINCA_KEYCHAIN: "none", MINCA_PASSPHRASE: `pass of ${name}` };
  const cli = (...args) => JSON.parse(execFileSync(bin, [...args, "--json"], { env }).toString());
  cli("account", "create", "--name", name);
  const listen = `127.0.0.1:${await freePort()}`;
  const proc = spawn(bin, ["host", "--listen", listen], { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  let out = "";
  proc.stderr.on("data", (d) => (out += d));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`minca host does not accept peers: ${out}`)), 15000);
    for (const stream of [proc.stdout, proc.stderr]) {
      createInterface({ input: stream }).on("line", (l) => {
        if (l.includes(`Accepting peers at ws://${listen}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    proc.once("exit", (code) => reject(new Error(`minca host exited ${code}: ${out}`)));
  });
  return {
    home,
    cli,
    async stop() {
      proc.kill("SIGTERM");
      return exited;
    },
  };
}
