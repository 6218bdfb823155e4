// Taking a role asks first where it cannot easily be undone: your own role
// that manages the space (Admin), here also the last one of its kind, asks
// in a dialog, and Cancel keeps it; a role you could take back yourself
// (Member, while you stay Admin) goes at once.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, createAccount, createSpace, endOnePage, memberRow, onePage, shot } from "./flows.mjs";

describe("taking a role asks first", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page;

  before(async () => {
    ({ home, ui, browser, page } = await onePage());
    await createAccount(page, "Ada", join(home.home, "Minca"));
    await createSpace(page, "Allotment");
  });

  after(async () => {
    assert.equal(await endOnePage({ home, ui, browser }), 0, "minca ui exits cleanly on SIGTERM");
  });

  it("asks before you give up your own Admin role, the last one; not for Member while you stay Admin", async () => {
    const me = memberRow(page, "Ada");
    const chip = (role) => me.locator(`[data-testid="role"][data-role="${role}"]`);
    await chip("admin").waitFor({ timeout: T });

    await chip("admin").getByTestId("unassign").click();
    const dialog = page.getByTestId("confirm");
    await dialog.waitFor({ timeout: T });
    assert.match(await dialog.textContent(), /Give up your Admin role\?/);
    assert.match(await dialog.getByTestId("last-holder").textContent(), /You are the only one with this role/);
    await shot(page, "take-role-confirm");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached", timeout: T });
    assert.equal(await chip("admin").count(), 1, "Cancel keeps the role");

    await chip("member").getByTestId("unassign").click();
    await chip("member").waitFor({ state: "detached", timeout: T });
    assert.equal(await page.getByTestId("confirm").count(), 0, "Member goes at once: as Admin you can take it back");

    await chip("admin").getByTestId("unassign").click();
    await dialog.getByTestId("confirm-yes").click();
    await chip("admin").waitFor({ state: "detached", timeout: T });
  });
});
