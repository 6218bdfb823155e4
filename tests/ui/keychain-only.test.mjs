// An account whose key only a keychain keeps (made where the Secret Service
// answered, so its vault in the data folder has no passphrase wrap):
// restoring it from that folder never asks a passphrase. The page reads the
// folder's account first (api.FolderAccount) and says what opens it: where
// the keychain holds its key (the test session's one Secret Service), Minca
// opens it with nothing typed; without a keychain, only the recovery code,
// which it offers; and on its own computer with the keychain gone (MINCA_KEYCHAIN=none) the
// page says the keychain is out of reach, never asks a passphrase nobody
// set, and the recovery code unlocks it. Needs the Secret Service of
// tests/run-e2e.sh; skipped without it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { bin, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, createAccount, keyStoreFor, ownRuntime, shot } from "./flows.mjs";

const PASS = "a long passphrase for Ana";
const KEYCHAIN_ONLY = /kept only in the keychain of the computer that made it, and it has no passphrase, so here your\s+recovery code opens it/;

/** `minca status --json` in env. */
const status = (env) => JSON.parse(execFileSync(bin, ["status", "--json"], { env }).toString());

/** Takes the new passphrase the node asks for (typed twice) and lands on Spaces. */
async function newPassphrase(page) {
  await page.getByTestId("passphrase-card").waitFor({ timeout: T });
  assert.match(await page.getByTestId("passphrase-card").textContent(), /cannot use a keychain/);
  await page.getByTestId("passphrase").fill(PASS);
  await page.getByTestId("passphrase-again").fill(PASS);
  await page.getByTestId("restore-account").click();
  await page.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
}

const skip = (!bin && "MINCA_BIN is unset: run tests/run-e2e.sh") || (keyStoreFor() !== "keychain" && "no Secret Service: run tests/run-e2e.sh");

describe("an account only a keychain keeps", { skip }, () => {
  const homes = [];
  let browser;

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const h of homes) h.cleanup();
  });

  /** Makes Ana's account with the keychain in a fresh home; returns the home, its env, folder and recovery code. */
  async function keychainAccount() {
    const home = freshHome();
    homes.push(home);
    const env = ownRuntime(home.home);
    const folder = join(home.home, "Minca");
    const ui = await startUI(home.home, env);
    const page = await browser.context.newPage();
    try {
      await page.goto(ui.url);
      const recovery = await createAccount(page, "Ana", folder, undefined, "Spaces", "keychain");
      assert.equal(status(env).keyStore, "keychain");
      return { home, env, folder, recovery };
    } finally {
      await page.close();
      assert.equal(await ui.stop(), 0);
    }
  }

  /** Starts `minca ui` in a fresh home with extra env; returns its page and a stop(). */
  async function elsewhere(extra) {
    const home = freshHome();
    homes.push(home);
    const env = ownRuntime(home.home, extra);
    const ui = await startUI(home.home, env);
    const page = await browser.context.newPage();
    await page.goto(ui.url);
    return {
      env, page, stop: async () => {
        await page.close();
        assert.equal(await ui.stop(), 0);
      },
    };
  }

  /** Restore from folder: the page says what opens its account (said) and asks no passphrase. */
  async function fromFolder(page, folder, said) {
    await page.getByTestId("start-restore").click({ timeout: T });
    await page.getByTestId("from-folder").check();
    await page.getByTestId("folder-input").fill(folder);
    await page.getByTestId("folder-account").filter({ hasText: said }).waitFor({ timeout: T });
    assert.match(await page.getByTestId("folder-account").textContent(), /account of\s+Ana/);
    assert.equal(await page.getByTestId("passphrase").count(), 0, "no passphrase is asked: the account never had one");
  }

  it("restoring it from its data folder asks no passphrase: the keychain opens it, else the recovery code", async () => {
    const ana = await keychainAccount();

    // Another home on this session's keychain, which holds the key: opened with nothing typed.
    const withKc = await elsewhere({});
    try {
      await fromFolder(withKc.page, ana.folder, /keychain keeps its key, so Minca opens it with nothing to type/);
      await withKc.page.getByTestId("restore-account").click();
      await withKc.page.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
      assert.equal(status(withKc.env).account, status(ana.env).account, "Ana's account, opened by the keychain");
    } finally {
      await withKc.stop();
    }

    const noKc = await elsewhere({ MINCA_KEYCHAIN: "none" });
    try {
      const page = noKc.page;
      await fromFolder(page, ana.folder, KEYCHAIN_ONLY);
      assert.ok(await page.getByTestId("restore-account").isDisabled(), "nothing here opens it but the recovery code");
      await shot(page, "keychain-only-from-folder");
      assert.equal(status(noKc.env).account ?? "", "", "nothing restored");
      await page.getByTestId("use-recovery-instead").click();
      await page.getByTestId("recovery-input").fill(ana.recovery);
      assert.equal(await page.getByTestId("folder-input").inputValue(), ana.folder, "the folder stays chosen");
      await page.getByTestId("restore-account").click();
      await newPassphrase(page);
      const st = status(noKc.env);
      assert.equal(st.account, status(ana.env).account, "Ana's account, restored");
      assert.equal(st.keyStore, "passphrase");
    } finally {
      await noKc.stop();
    }
  });

  it("on its own computer with the keychain gone, the page says so and the recovery code unlocks it", async () => {
    const ana = await keychainAccount();
    const env = { ...ana.env, MINCA_KEYCHAIN: "none" };
    const ui = await startUI(ana.home.home, env);
    const page = await browser.context.newPage();
    try {
      await page.goto(ui.url);
      await page.getByRole("heading", { name: "Unlock your account", level: 1 }).waitFor({ timeout: T });
      const said = await page.locator(".welcome").textContent();
      assert.match(await page.getByTestId("keychain-locked").textContent(), /kept in its keychain/);
      assert.doesNotMatch(said, /locked with a passphrase|cannot use a keychain/, "no passphrase was ever set");
      assert.equal(await page.getByTestId("passphrase").count(), 0, "no passphrase is asked");
      await shot(page, "keychain-locked");

      // Trying again while the keychain is still gone: said, and the recovery code offered.
      await page.getByTestId("restore-account").click();
      const error = page.getByTestId("error");
      await error.filter({ hasText: /no keychain is usable/ }).waitFor({ timeout: T });
      assert.match(await error.textContent(), /recovery code/);

      await page.getByTestId("use-recovery").click();
      await page.getByTestId("recovery-input").fill(ana.recovery);
      await page.getByTestId("restore-account").click();
      await newPassphrase(page);
      assert.equal(status(env).keyStore, "passphrase");
    } finally {
      await page.close();
      assert.equal(await ui.stop(), 0);
    }
  });
});
