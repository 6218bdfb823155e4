// Keyboard focus never falls to the page itself (issue 8), in Chromium
// against a real `minca ui`: a space opened with Enter from the list puts
// focus on the space's heading once it has loaded (App focused an h1 a tick
// after the route changed, before the space had drawn one); a role taken
// away with its × or given leaves focus on that member's name (not on the
// next role's ×, where a second Enter takes another role), a confirmed step down
// (its button gone) in the members section; a view drawn at once (Sync)
// still gets its heading focused.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, createAccount, createSpace, endOnePage, memberRow, nav, onePage, shot } from "./flows.mjs";

const SPACE = "Orchard";

/** What has keyboard focus: its tag, test id, the member row it sits in, and whether it is the page itself. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      body: !el || el === document.body,
      tag: el?.tagName.toLowerCase() ?? "",
      testid: el?.getAttribute("data-testid") ?? "",
      text: el?.textContent?.trim().slice(0, 80) ?? "",
      member: el?.closest('[data-testid="member"]')?.getAttribute("data-name") ?? "",
      section: el?.closest("section")?.getAttribute("aria-labelledby") ?? "",
    };
  });

describe("keyboard focus", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page;

  before(async () => {
    ({ home, ui, browser, page } = await onePage());
  });

  after(() => endOnePage({ home, ui, browser }));

  it("a space opened with Enter from the list has its heading focused once it has loaded", async () => {
    await createAccount(page, "Ana", join(home.home, "Minca"));
    await createSpace(page, SPACE, { priv: true, template: "team" });
    await nav(page, "Spaces");
    const item = page.getByTestId("space-item").filter({ hasText: SPACE });
    await item.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("space-title").filter({ hasText: SPACE }).waitFor({ timeout: T });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "space-title", null, { timeout: T })
      .catch(async () => assert.fail(`focus is on ${JSON.stringify(await focused(page))}, not the space's heading`));
    const f = await focused(page);
    assert.equal(f.tag, "h1");
    assert.equal(f.text, SPACE);
  });

  it("after the × on a role, focus stays in that member's row", async () => {
    // Ana founded a team space: admin and member. She gives up the member role; admin stays.
    const me = memberRow(page, "Ana");
    const chip = me.locator('[data-testid="role"][data-role="member"]');
    await chip.waitFor({ timeout: T });
    assert.equal(await me.locator('[data-testid="role"][data-role="admin"]').count(), 1);
    const x = chip.getByRole("button", { name: "Give up your Member role" });
    await x.focus();
    await page.keyboard.press("Enter");
    await chip.waitFor({ state: "detached", timeout: T });
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: T })
      .catch(async () => assert.fail(`focus fell to the page: ${JSON.stringify(await focused(page))}`));
    const f = await focused(page);
    assert.equal(f.member, "Ana", `focus in Ana's row, not ${JSON.stringify(f)}`);
    assert.equal(f.testid, "member-name", `focus on her name, not on her next role's × (a second Enter would take it): ${JSON.stringify(f)}`);
    await shot(page, "focus-after-unassign");
  });

  it("after giving a role, focus is on the member's name, not on a role's ×", async () => {
    const me = memberRow(page, "Ana");
    await me.getByTestId("add-role").selectOption("member");
    await me.getByTestId("assign").focus();
    await page.keyboard.press("Enter");
    await me.locator('[data-testid="role"][data-role="member"]').waitFor({ timeout: T });
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: T })
      .catch(async () => assert.fail(`focus fell to the page: ${JSON.stringify(await focused(page))}`));
    const f = await focused(page);
    assert.equal(f.member, "Ana", `focus in Ana's row, not ${JSON.stringify(f)}`);
    assert.equal(f.testid, "member-name", `focus on her name, not ${JSON.stringify(f)}`);
  });

  it("after a confirmed step down, whose button is gone, focus stays in the members section", async () => {
    await page.getByTestId("step-down").focus();
    await page.keyboard.press("Enter");
    const yes = page.getByTestId("confirm-yes");
    await yes.waitFor({ timeout: T });
    await yes.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("step-down").waitFor({ state: "detached", timeout: T });
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: T })
      .catch(async () => assert.fail(`focus fell to the page: ${JSON.stringify(await focused(page))}`));
    const f = await focused(page);
    assert.equal(f.section, "members-h", `focus in the members section, not ${JSON.stringify(f)}`);
  });

  it("a view drawn at once has its heading focused", async () => {
    await nav(page, "Sync");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1" && document.activeElement.textContent.trim() === "Sync", null, { timeout: T })
      .catch(async () => assert.fail(`focus is on ${JSON.stringify(await focused(page))}`));
  });

  it("Escape in the new-space form cancels it and gives the focus back to New space", async () => {
    await nav(page, "Spaces");
    await page.getByTestId("new-space").click();
    await page.getByTestId("space-name").fill("Half typed");
    await page.keyboard.press("Escape");
    await page.getByTestId("new-space-form").waitFor({ state: "detached", timeout: T });
    const f = await focused(page);
    assert.equal(f.testid, "new-space", `focus is on ${JSON.stringify(f)}`);
  });

  it("a space named with one long word wraps instead of widening the page", async () => {
    const long = "Orchard" + "x".repeat(110);
    await createSpace(page, long, { priv: true, template: "team" });
    const wider = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.getByTestId("space-title").filter({ hasText: long }).waitFor({ timeout: T });
    await page.getByTestId("member").first().waitFor({ timeout: T });
    assert.ok((await wider()) <= 0, `the space's page is ${await wider()} px wider than the window`);
    await nav(page, "Spaces");
    await page.getByTestId("space-item").filter({ hasText: long }).waitFor({ timeout: T });
    assert.ok((await wider()) <= 0, `the Spaces page is ${await wider()} px wider than the window`);
  });
});
