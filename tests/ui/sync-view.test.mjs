// The Sync page and a space's page in people's words (issue 8), in Chromium
// against two `minca ui` processes on loopback: Ana's node is open to others
// on this computer; Ben joins her space through the Join screen. What shows
// first names people and states, never an address or a key (those only under
// a closed Details, the address with a Copy button); while sync is paused, the
// space's Sync now is disabled and says why; once Ana removes Ben, his Sync
// page says "Removed" for the space, as his Spaces list does.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, accountDID, anaSharesWithBen, callNode as call, createAccount, endShared, joinByLink, memberRow, nav, openSpace, shot } from "./flows.mjs";

const space = "Seed swap";
const jargon = /did:key|ws:\/\/|wss:\/\//;

/** The text a person sees in the page's main region (innerText: closed Details show only their summary). */
const shown = (page) => page.getByRole("main").innerText();

describe("the Sync page in people's words", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, uiA, uiB, browser, page;
  let spaceId = "";
  let link = "";

  before(async () => {
    const clipboard = (b, ui) => b.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(ui.base).origin });
    ({ ana, ben, uiA, uiB, browser, page, spaceId, link } = await anaSharesWithBen(space, ["--role", "member"], clipboard));
  });

  after(async () => {
    const codes = await endShared({ ana, ben, uiA, uiB, browser });
    assert.deepEqual(codes, [0, 0], "both minca ui exit cleanly on SIGTERM");
  });

  it("the Sync page and the member list show no address or key outside Details", async () => {
    await createAccount(page, "Ben", join(ben.home, "Minca"));
    await joinByLink(page, link, { space, role: /member/ });
    // Ben's computer accepts connections too, so his Sync page has an address to tell of.
    await call(uiB, "SetNetwork", { mode: "this-computer" });

    await nav(page, "Sync");
    await page.locator('[data-testid="peer"]').filter({ hasText: "Ana's computer" }).waitFor({ timeout: 45000 });
    const reach = page.getByTestId("reach");
    await reach.waitFor({ timeout: T });
    assert.equal((await reach.innerText()).trim(), "Other Minca accounts on this computer can reach this one.");
    const text = await shown(page);
    assert.doesNotMatch(text, jargon, `the Sync page shows:\n${text}`);
    assert.match(text, /Ana's computer/);

    // Under Details: this computer's address, which Copy copies; the peer's address.
    const listen = (await call(uiB, "SyncStatus")).listen;
    assert.match(listen, /^ws:\/\/127\.0\.0\.1:\d+\//);
    await page.getByTestId("listen-details").locator("summary").click();
    assert.equal((await page.getByTestId("listen").innerText()).trim(), listen);
    await page.getByTestId("copy-listen").click();
    await page.getByTestId("copy-listen").filter({ hasText: "Copied" }).waitFor({ timeout: T });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), listen);
    const peer = page.locator('[data-testid="peer"]').filter({ hasText: "Ana's computer" });
    assert.equal(await peer.getByTestId("peer-detail").isVisible(), false, "the peer's address waits under Details");
    await peer.locator("summary").click();
    assert.match(await peer.getByTestId("peer-detail").innerText(), /^ws:\/\/127\.0\.0\.1:\d+\//);
    await shot(page, "sync-details");

    // The space's page: members and who it syncs with, by name; account ids and the key under Details.
    await openSpace(page, space);
    await memberRow(page, "Ana").waitFor({ timeout: 45000 });
    for (const id of ["members", "space-peers"]) {
      const part = page.getByTestId(id);
      if ((await part.count()) === 0) continue;
      const partText = await part.innerText();
      assert.doesNotMatch(partText, jargon, `${id} shows:\n${partText}`);
    }
    const bensDID = await page.locator('[data-testid="member"][data-name="Ben"]').getAttribute("data-did");
    const row = memberRow(page, "Ben");
    assert.equal(await row.getByTestId("member-did").isVisible(), false);
    await row.getByTestId("member-details").locator("summary").click();
    assert.equal(await row.getByTestId("member-did").getAttribute("title"), bensDID);
    assert.doesNotMatch(await page.getByRole("main").innerText(), /Current key/);
  });

  it("while sync is paused, the space's Sync now is disabled and says why; Resume there resumes", async () => {
    await nav(page, "Sync");
    await page.getByTestId("pause").click();
    await page.getByTestId("paused").waitFor({ timeout: T });
    await openSpace(page, space);
    const syncNow = page.getByTestId("sync-now");
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-now"]')?.disabled, null, { timeout: T });
    const why = page.getByTestId("sync-paused");
    assert.match((await why.innerText()).replace(/\s+/g, " "), /Sync is paused for all your spaces/);
    assert.equal(await syncNow.getAttribute("aria-describedby"), await why.getAttribute("id"), "the reason is the button's description");
    assert.equal((await page.getByTestId("space-sync").innerText()).trim(), "Paused");
    await shot(page, "space-paused");

    await page.getByTestId("resume").click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="sync-now"]')?.disabled, null, { timeout: T });
    assert.equal(await why.count(), 0);
    assert.equal((await call(uiB, "SyncStatus")).paused, false, "the node syncs again");
    await nav(page, "Sync");
    await page.getByTestId("pause").waitFor({ timeout: T });
  });

  it("once Ana removes Ben, his Sync page says Removed for the space, as his Spaces list does", async () => {
    const benDID = await accountDID(page);
    await call(uiA, "RemoveMember", spaceId, benDID);
    await nav(page, "Sync");
    const row = page.locator(`[data-testid="sync-space"][data-space="${spaceId}"]`);
    await row.waitFor({ timeout: T });
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="sync-space"][data-space="${id}"] [data-testid="space-sync"]`)?.textContent?.trim() === "Removed",
      spaceId,
      { timeout: 60000 },
    ).catch(async (e) => {
      const spaces = await call(uiB, "Spaces");
      const st = await call(uiB, "SyncStatus");
      const a = await call(uiA, "SyncStatus");
      const m = await call(uiA, "Members", spaceId);
      throw new Error(`${e.message}\nspaces ${JSON.stringify(spaces)}\nsync ${JSON.stringify(st)}\nana ${JSON.stringify(a)}\nmembers ${JSON.stringify(m)}`);
    });
    assert.equal(await row.getAttribute("data-removed"), "true");
    assert.doesNotMatch(await row.innerText(), /No one to sync with/);
    await shot(page, "sync-removed");
    await nav(page, "Spaces");
    const item = page.getByTestId("space-item").filter({ hasText: space });
    assert.equal((await item.getByTestId("space-sync").innerText()).trim(), "Removed");
  });
});
