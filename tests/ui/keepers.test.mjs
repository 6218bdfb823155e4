// The hosts that keep a space (03 §10), in Chromium against `minca ui`:
// the Space page says what a keeper is and that none keeps a new space; a
// pasted address that is no host's is refused with a sentence saying what
// to paste, and nothing is named; a host's address (a node URL pinned by
// its DID) is listed once added, stays after a reload, and goes when
// removed. Once this computer accepts connections, the page offers it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, accountDID, createAccount, createSpace, endOnePage, onePage, openSpace, ownRuntime, shot } from "./flows.mjs";

describe("the hosts that keep a space", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser, page;

  before(async () => {
    ({ home, ui, browser, page } = await onePage((h) => ownRuntime(h)));
  });

  after(async () => {
    assert.equal(await endOnePage({ home, ui, browser }), 0, "minca ui exits cleanly on SIGTERM");
  });

  it("adds a host by its address and removes it", async () => {
    await createAccount(page, "Ada", join(home.home, "Minca"));
    // Any P-256 did:key pins an address; the host need not be reachable to be named.
    const address = `wss://allotment-host.example:7447/peer#${await accountDID(page)}`;
    await createSpace(page, "Allotment", { priv: true });
    await openSpace(page, "Allotment");
    assert.match(await page.getByRole("region", { name: "Hosts that keep this space" }).textContent(), /always on and keeps a copy/);
    await page.getByTestId("no-keepers").waitFor({ timeout: T });

    await page.getByTestId("keeper-address").fill("allotment-host.example:7447");
    await page.getByTestId("add-keeper").click();
    const problem = page.getByTestId("action-error");
    await problem.waitFor({ timeout: T });
    assert.match(await problem.textContent(), /Accepting peers at/);
    assert.equal(await page.getByTestId("keeper").count(), 0);

    await page.getByTestId("keeper-address").fill(address);
    await page.getByTestId("add-keeper").click();
    const keeper = page.getByTestId("keeper");
    await keeper.waitFor({ timeout: T });
    assert.match(await keeper.textContent(), /wss:\/\/allotment-host\.example:7447\/peer#did:key:/);
    assert.equal(await page.getByTestId("keeper-address").inputValue(), "");
    await shot(page, "keepers-added");

    await page.reload();
    await openSpace(page, "Allotment");
    await keeper.waitFor({ timeout: T });
    await page.getByTestId("remove-keeper").click();
    await page.getByTestId("no-keepers").waitFor({ timeout: T });
    assert.equal(await keeper.count(), 0);
    assert.equal(await page.getByTestId("add-this-computer").count(), 0, "offered while this computer accepts no connection");
  });

  it("offers this computer once it accepts connections", async () => {
    const url = await page.evaluate(async () => {
      const token = sessionStorage.getItem("minca.token") ?? "";
      const r = await fetch("api/v1/SetNetwork", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Minca-Token": token },
        body: JSON.stringify([{ mode: "this-computer" }]),
      });
      return (await r.json()).result?.url ?? "";
    });
    assert.match(url, /^ws:\/\/127\.0\.0\.1:\d+\/peer#did:key:/);
    await page.reload();
    await openSpace(page, "Allotment");
    await page.getByTestId("add-this-computer").click({ timeout: T });
    const keeper = page.getByTestId("keeper");
    await keeper.waitFor({ timeout: T });
    assert.match(await keeper.textContent(), /This computer/);
    assert.ok((await keeper.textContent()).includes(url));
    assert.equal(await page.getByTestId("add-this-computer").count(), 0, "not offered once it keeps the space");
  });
});
