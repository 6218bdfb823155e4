// A first run cut short on "Save your recovery code": the account exists
// already, but its code was never typed back. A reload of the page, and a
// restart of Minca (the node stopped: as a closed window or a crash), show
// the same code and the check again instead of the spaces (the node keeps
// the mark in its own state: api.CreateAccount.CheckCode); once checked,
// a reload goes straight to the spaces.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin, startUI, statusJSON } from "./minca.mjs";
import { T, checkRecoveryCode, endOnePage, keyStoreFor, onePage, shot, startFirstRun } from "./flows.mjs";

const PASS = "correct horse battery staple";

/** Waits for the page showing the recovery code; returns the code. */
async function codeShown(page) {
  await page.getByRole("heading", { name: "Save your recovery code", level: 1 }).waitFor({ timeout: T });
  return (await page.getByTestId("recovery-code").textContent()).trim();
}

describe("a first run cut short before the recovery code's check", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page;

  before(async () => {
    ({ home, ui, browser, page } = await onePage());
  });

  after(async () => {
    assert.equal(await endOnePage({ home, ui, browser }), 0, "minca ui exits cleanly on SIGTERM");
  });

  it("shows the code and the check again after a reload and a restart, until checked", async () => {
    await startFirstRun(page, "Ada", join(home.home, "Minca"));
    if (keyStoreFor() === "passphrase") {
      await page.getByTestId("passphrase").fill(PASS);
      await page.getByTestId("passphrase-again").fill(PASS);
      await page.getByTestId("create-account").click();
    }
    const code = await codeShown(page);
    const did = statusJSON(home.home).account;
    assert.match(did ?? "", /^did:key:z/, "the account exists before the check");

    // A reload: the same code, then the check, not the spaces.
    await page.reload();
    assert.equal(await codeShown(page), code, "the same code after a reload");
    await page.getByTestId("saved-code").click();
    await page.getByTestId("check-0").waitFor({ timeout: T });
    await page.reload();
    assert.equal(await codeShown(page), code, "a reload on the check shows the code again");
    await shot(page, "firstrun-code-again");

    // Minca stopped and started again: unlocked (passphrase) first, then the code.
    assert.equal(await ui.stop(), 0);
    ui = await startUI(home.home);
    await page.goto(ui.url);
    if (keyStoreFor() === "passphrase") {
      await page.getByRole("heading", { name: "Unlock your account", level: 1 }).waitFor({ timeout: T });
      await page.getByTestId("passphrase").fill(PASS);
      await page.getByTestId("restore-account").click();
    }
    assert.equal(await codeShown(page), code, "the same code after a restart");
    assert.equal(await page.getByRole("heading", { name: "Spaces", level: 1 }).count(), 0);

    await checkRecoveryCode(page, "Ada");
    assert.equal(statusJSON(home.home).account, did, "the same account, not a second one");
    await page.reload();
    await page.getByRole("heading", { name: "Spaces", level: 1 }).waitFor({ timeout: T });
    assert.equal(await page.getByTestId("recovery-code").count(), 0, "once checked, the code is not shown again");
  });
});
