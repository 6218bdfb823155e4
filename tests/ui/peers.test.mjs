// Peers named by person (issue 8 item 5; docs/spec/06-nodes.md §1.7), in
// Chromium against two `minca ui` processes on loopback: Ana's node is open
// to others on this computer; Ben joins her space through the Join screen.
// His Sync page and the space's page name the other computer by Ana's
// profile name, first, with its address as detail; Ana's node names Ben
// by his, neither being one of the other's own computers.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, accountDID, anaSharesWithBen, callNode as call, createAccount, endShared, joinByLink, nav, openSpace, shortDID, shot } from "./flows.mjs";

const space = "Garden plans";

describe("peers named by person", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, uiA, uiB, browser, page;
  let spaceId = "";
  let link = "";
  let anaDID = "";
  let anaURL = "";

  before(async () => {
    ({ ana, ben, uiA, uiB, browser, page, anaDID, spaceId, link } = await anaSharesWithBen(space, ["--role", "member"]));
    anaURL = (await call(uiA, "SyncStatus")).listen.split("#")[0];
  });

  after(async () => {
    const codes = await endShared({ ana, ben, uiA, uiB, browser });
    assert.deepEqual(codes, [0, 0], "both minca ui exit cleanly on SIGTERM");
  });

  it("Ben's Sync page and space page name Ana's computer by her name; Ana's node names Ben", async () => {
    await createAccount(page, "Ben", join(ben.home, "Minca"));
    const benDID = await accountDID(page);
    await joinByLink(page, link, { space, role: /member/, inviter: ["Ana", shortDID(anaDID)] });

    // The space's page: who it syncs with, the person first.
    await openSpace(page, space);
    const spacePeer = page.getByTestId("space-peer").filter({ hasText: "Ana's computer" });
    await spacePeer.waitFor({ timeout: 45000 });
    assert.match(await spacePeer.textContent(), new RegExp(anaURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), "the address as detail");

    // The Sync page: the same, Ana's account on the row, her address below her name.
    await nav(page, "Sync");
    const row = page.locator(`[data-testid="peer"][data-account="${anaDID}"]`);
    await row.waitFor({ timeout: T });
    assert.equal((await row.getByTestId("peer-name").textContent()).trim(), "Ana's computer");
    assert.equal((await row.getByTestId("peer-detail").textContent()).trim(), anaURL);
    assert.equal(await row.getByTestId("peer-state").getAttribute("data-state"), "connected");
    await shot(page, "sync-peers-named");

    // Ana's node: Ben by his profile name, once his profile has come.
    for (const end = Date.now() + 45000; ; ) {
      const peers = (await call(uiA, "SyncStatus")).peers ?? [];
      const p = peers.find((x) => x.account === benDID);
      if (p?.profileName === "Ben") {
        assert.ok(!p.own, "Ben's computer is not one of Ana's own");
        break;
      }
      if (Date.now() > end) assert.fail(`Ana's peers: ${JSON.stringify(peers)}`);
      await page.waitForTimeout(300);
    }
  });
});
