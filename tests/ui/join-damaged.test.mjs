// A damaged invite link (issue 8): ten characters of its secret changed,
// the invitation still signed and whole. Ana's computer is on (a `minca
// host` of hers); Ben pastes the damaged link and joins. Once his copy of
// the space is synced with her computer and names no invite for the link,
// the joining screen says so, in words, with Cancel joining, instead of
// waiting for her computer in silence. He cancels; the real link joins.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, anaOnCLI, benOnAPage, previewLink, shot, startHost } from "./flows.mjs";

/** Join waits up to 10 s for the invite's record (node/runtime joinWait). */
const joinWait = 40000;

/** link with ten characters of its secret (after the invite's '.', before '&from=') changed. */
function damaged(link) {
  const amp = link.indexOf("&", link.indexOf("#invite="));
  const end = amp < 0 ? link.length : amp;
  const dot = link.lastIndexOf(".", end);
  const chars = [...link];
  for (let i = dot + 5; i < dot + 15; i++) chars[i] = chars[i] === "A" ? "B" : "A";
  return chars.join("");
}

describe("a damaged invite link", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, anaEnv, ui, host, browser, page;
  let link = "";

  before(async () => {
    let cli;
    ({ ana, env: anaEnv, cli } = anaOnCLI());
    cli("account", "create", "--name", "Ana");
    cli("network", "set", "this-computer");
    const garden = cli("space", "create", "Garden club", "--private", "--template", "club");
    link = cli("invite", "create", garden.id, "--role", "member").link;
    host = await startHost(anaEnv);

    ({ ben, ui, browser, page } = await benOnAPage());
  });

  after(async () => {
    await browser?.close();
    await host?.stop();
    await ui?.stop();
    ana?.cleanup();
    ben?.cleanup();
  });

  async function joinWith(l) {
    await previewLink(page, l);
    await page.getByTestId("join").click();
  }

  it("says Ana's computer has no invite matching the link, with Cancel joining", async () => {
    const bad = damaged(link);
    assert.notEqual(bad, link);
    await joinWith(bad);
    const words = page.getByTestId("join-not-found");
    await words.waitFor({ timeout: joinWait });
    assert.equal(
      (await words.textContent()).trim(),
      "Ana's computer is connected, but it has no invite matching this link. The link may be damaged — ask Ana to send it again — or the invite was never opened.",
    );
    assert.doesNotMatch(await page.getByTestId("join-pending").textContent(), /waiting for Ana's computer/);
    await shot(page, "join-damaged-link");
    await page.getByTestId("cancel-join").click();
    await page.getByTestId("message").filter({ hasText: "You stopped joining Garden club." }).waitFor({ timeout: T });
  });

  it("the real link joins", async () => {
    await joinWith(link);
    await page.getByTestId("space-title").filter({ hasText: "Garden club" }).waitFor({ timeout: joinWait });
  });
});
