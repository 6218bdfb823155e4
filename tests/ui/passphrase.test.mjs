// The passphrase fallback in headless Chromium, taken for certain: `minca ui`
// runs with a session bus address that leads nowhere, so no keychain answers
// (keychain.UnavailableError) and the node locks the account key with a
// passphrase. First run asks for one and refuses a short or mistyped one;
// Settings says so; after a restart the account is locked until the
// passphrase, not a wrong one, unlocks it. Restoring the account with its
// recovery code on another computer with no keychain asks a new passphrase
// twice and refuses a short or mistyped one too.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { bin, envFor, freshHome, startUI } from "./minca.mjs";
import { T, checkRecoveryCode, createSpace, endOnePage, keyStoreFor, nav, onePage, openSpace, ownRuntime, shot } from "./flows.mjs";

const PASS = "a long passphrase for Ana";

/** `minca status --json` in env. */
const status = (env) => JSON.parse(execFileSync(bin, ["status", "--json"], { env }).toString());

/** A digest of every file under dir, by path: what a refused attempt must leave as it was. */
function digest(dir) {
  const h = createHash("sha256");
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update("\0").update(readFileSync(p)).update("\0");
    }
  };
  walk(dir);
  return h.digest("hex");
}

describe("no usable keychain: the passphrase keeps the account key", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, env, ui, browser, page, folder, recovery;

  before(async () => {
    ({ home, ui, browser, page } = await onePage((h) => {
      folder = join(h, "Minca");
      // A bus address nobody listens on: the Secret Service cannot answer.
      env = { ...envFor(h), DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(h, "no-bus")}` };
      assert.equal(keyStoreFor(env), "passphrase");
      return env;
    }));
  });

  after(async () => {
    assert.equal(await endOnePage({ home, ui, browser }), 0, "minca ui exits cleanly on SIGTERM");
  });

  it("first run asks for a passphrase from the start, as a step, and refuses a short or mistyped one", async () => {
    await page.getByTestId("start-create").click({ timeout: T });
    // Asked before anything is sent (Status.noKeychain), not after a refusal, and not as an error.
    const card = page.getByTestId("passphrase-card");
    await card.waitFor({ timeout: T });
    assert.match(await card.textContent(), /cannot use a keychain on this computer/);
    assert.equal(await page.getByTestId("error").count(), 0, "the passphrase step is no error");
    await page.getByTestId("profile-name").fill("Ana");
    await page.getByTestId("folder-input").fill(folder);
    await page.getByTestId("create-account").click();
    assert.equal(await page.getByTestId("error").count(), 0, "empty passphrase fields are asked by the form, not refused by the node");
    await shot(page, "passphrase-asked");

    const pass = page.getByTestId("passphrase");
    const again = page.getByTestId("passphrase-again");
    const refused = async (p, a, why) => {
      await pass.fill(p);
      await again.fill(a);
      await page.getByTestId("create-account").click();
      await page.getByTestId("error").filter({ hasText: why }).waitFor({ timeout: T });
      assert.equal(await page.getByTestId("recovery-code").count(), 0, "no account for a refused passphrase");
      assert.equal(status(env).account ?? "", "", "the node holds no account");
    };
    await refused("short", "short", /at least 8 characters/);
    await refused(PASS, PASS + "!", /two passphrases differ/);

    await pass.fill(PASS);
    await again.fill(PASS);
    await page.getByTestId("create-account").click();
    await page.getByTestId("recovery-code").waitFor({ timeout: T });
    recovery = await checkRecoveryCode(page, "Ana");
    assert.equal(status(env).keyStore, "passphrase");
  });

  it("Settings says the key is locked with the passphrase", async () => {
    await nav(page, "Settings");
    const text = await page.getByTestId("key-store").textContent();
    assert.match(text, /Locked with your passphrase/);
    assert.match(text, /no keychain/);
    await shot(page, "passphrase-settings");
    await createSpace(page, "Notebook", { priv: true, template: "notebook" });
  });

  it("after a restart the account is locked; a wrong passphrase changes nothing, the right one unlocks", async () => {
    assert.equal(await ui.stop(), 0);
    ui = await startUI(home.home, env);
    await page.goto(ui.url);
    await page.getByRole("heading", { name: "Unlock your account", level: 1 }).waitFor({ timeout: T });
    assert.equal(await page.getByTestId("passphrase-again").count(), 0, "unlocking asks the passphrase once");
    assert.equal(await page.getByTestId("start-create").count(), 0);
    await shot(page, "passphrase-locked");

    const before = digest(folder);
    await page.getByTestId("passphrase").fill("not the passphrase");
    await page.getByTestId("restore-account").click();
    await page.getByTestId("error").filter({ hasText: /passphrase does not open/ }).waitFor({ timeout: T });
    assert.equal(await page.getByRole("heading", { name: "Unlock your account", level: 1 }).count(), 1, "still locked");
    assert.equal(digest(folder), before, "a wrong passphrase leaves the data folder as it was");

    await page.getByTestId("passphrase").fill(PASS);
    await page.getByTestId("restore-account").click();
    await page.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
    assert.equal(await page.getByTestId("me").textContent(), "Ana");
    await openSpace(page, "Notebook");
    assert.equal(status(env).keyStore, "passphrase");
  });

  it("restoring with the recovery code elsewhere asks a new passphrase twice, and refuses a short or mistyped one", async () => {
    const other = freshHome();
    const env2 = ownRuntime(other.home, { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(other.home, "no-bus")}` });
    const ui2 = await startUI(other.home, env2);
    const p2 = await browser.context.newPage();
    try {
      await p2.goto(ui2.url);
      await p2.getByTestId("start-restore").click({ timeout: T });
      await p2.getByTestId("passphrase-card").waitFor({ timeout: T }); // asked from the start, as a step
      assert.equal(await p2.getByTestId("error").count(), 0, "the passphrase step is no error");
      await p2.getByTestId("recovery-input").fill(recovery);
      const folder2 = join(other.home, "Minca");
      await p2.getByTestId("folder-input").fill(folder2);
      const pass = p2.getByTestId("passphrase");
      const again = p2.getByTestId("passphrase-again");
      assert.ok(await again.isVisible(), "a new passphrase is typed twice");
      const rule = p2.getByTestId("passphrase-rule");
      assert.match(await rule.textContent(), /At least 8 characters/);

      const before = existsSync(folder2) ? digest(folder2) : "";
      const refused = async (p, a, why) => {
        await pass.fill(p);
        await again.fill(a);
        await rule.filter({ hasText: why }).waitFor({ timeout: T }); // said inline while typing
        await p2.getByTestId("restore-account").click();
        await p2.getByTestId("error").filter({ hasText: why }).waitFor({ timeout: T });
        assert.equal(status(env2).account ?? "", "", "no account for a refused passphrase");
        assert.equal(existsSync(folder2) ? digest(folder2) : "", before, "the data folder is as it was");
      };
      await refused("short", "short", /at least 8 characters/);
      await refused(PASS, PASS + "!", /two passphrases differ/);
      await shot(p2, "passphrase-restore-refused");

      await pass.fill(PASS);
      await again.fill(PASS);
      await p2.getByTestId("restore-account").click();
      await p2.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
      const st = status(env2);
      assert.equal(st.account, status(env).account, "Ana's account, restored");
      assert.equal(st.keyStore, "passphrase");
    } finally {
      await p2.close();
      assert.equal(await ui2.stop(), 0);
      other.cleanup();
    }
  });
});
