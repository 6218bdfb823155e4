// Controls only for those who may use them, and errors in people's words
// (issue 8): two real `minca ui` processes in headless Chromium. Ana founds a
// team space and Ben joins it as a plain member: her page offers Remove and
// Give for Ben, his offers neither and says who may. When his page is made
// to offer Remove anyway, the node refuses in a sentence, its own text only
// under Details.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { bin } from "./minca.mjs";
import { T, benJoinsAnasSpace, endTwoPages, eventually, memberRow, openSpace, shot, twoPages } from "./flows.mjs";

const SPACE = "Allotment";

describe("rights: who sees which controls", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let homeA, homeB, uiA, uiB, browser, a, b;

  before(async () => {
    ({ homeA, homeB, uiA, uiB, browser, a, b } = await twoPages());
  });

  after(() => endTwoPages({ homeA, homeB, uiA, uiB, browser }));

  it("Ana, founder and admin, has Remove and Give for Ben; Ben, a member, has neither and reads who may", async () => {
    await benJoinsAnasSpace({ homeA, homeB, a, b }, SPACE);

    await eventually(a, SPACE, async () => (await memberRow(a, "Ben").count()) === 1, "Ben in Ana's member list");
    const benOnA = memberRow(a, "Ben");
    assert.equal(await benOnA.getByTestId("remove").count(), 1, "Ana may remove Ben");
    assert.equal(await benOnA.getByRole("button", { name: "Remove Ben from the space" }).count(), 1, "Remove names whom");
    const offered = await benOnA.getByTestId("add-role").locator("option").evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    assert.deepEqual(offered, ["admin"], "Ana may give Ben the role he lacks");
    assert.equal(await benOnA.getByRole("button", { name: "Take the Member role from Ben" }).count(), 1);
    assert.equal(await a.getByTestId("rights-why").count(), 0, "nothing is missing for Ana");
    assert.equal(await a.getByTestId("step-down").count(), 1, "Ana is a founder");

    await eventually(b, SPACE, async () => (await memberRow(b, "Ana").count()) === 1, "Ana in Ben's member list");
    assert.equal(await b.getByTestId("remove").count(), 0, "Ben may remove nobody");
    assert.equal(await b.getByTestId("add-role").count(), 0, "Ben may give no role");
    assert.equal(await b.getByTestId("assign").count(), 0);
    assert.equal(await memberRow(b, "Ana").getByTestId("unassign").count(), 0, "Ben may take none of Ana's roles");
    assert.equal(await memberRow(b, "Ben").getByRole("button", { name: "Give up your Member role" }).count(), 1, "his own role he may give up");
    assert.equal(await b.getByTestId("step-down").count(), 0);
    assert.equal(await b.getByTestId("leave").count(), 1, "anyone may leave");
    assert.equal((await b.getByTestId("rights-why").textContent()).trim(), "Only the founder and admins can give roles or remove members.");
    assert.equal(await b.getByTestId("add-keeper").count(), 0, "Ben may not choose the hosts");
    assert.match(await b.getByTestId("keepers-why").textContent(), /Only the founder and admins can choose the hosts that keep this space\./);
    await shot(b, "rights-member");
  });

  it("a refused removal reads as a sentence, the node's words only under Details", async () => {
    // Ben's page is told he may remove Ana, as a page that fell behind might be: the node still judges.
    await b.route("**/api/v1/Members", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const m of body.result ?? []) if (m.profileName === "Ana") m.may = { ...m.may, remove: true };
      await route.fulfill({ response, json: body });
    });
    await openSpace(b, SPACE);
    await memberRow(b, "Ana").getByTestId("remove").click({ timeout: T });
    await b.getByTestId("confirm").waitFor({ timeout: T });
    await b.getByTestId("confirm-yes").click();
    const problem = b.getByTestId("action-error");
    await problem.waitFor({ timeout: T });
    const headline = (await b.getByTestId("action-error-text").textContent()).trim();
    assert.equal(headline, "Ana founded this space: only they can change their roles or leave it.");
    assert.doesNotMatch(await problem.innerText(), /did:key|§|may not/, "no node text shows until Details is opened");
    const detail = b.getByTestId("action-error-detail");
    assert.equal(await detail.isVisible(), false);
    await problem.getByText("Details").click();
    assert.match(await detail.textContent(), /founder/);
    assert.equal(await detail.isVisible(), true);
    await shot(b, "rights-refused");
    await b.unroute("**/api/v1/Members");
    await openSpace(b, SPACE);
    assert.equal(await memberRow(b, "Ana").count(), 1, "Ana is still a member");
    assert.equal(await b.getByTestId("remove").count(), 0);
  });
});
