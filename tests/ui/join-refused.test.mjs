// Invite links that cannot be used (the audit's lead 2): a text that is no
// link, a link cut short, and one with a character of what it says changed.
// The Join page says it cannot be used; its Details say in plain words what
// is wrong, with no protocol words; the node's own reason stays behind a
// closed "Technical details" inside them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, anaOnCLI, benOnAPage, nav, shot } from "./flows.mjs";

/** Words a person should not meet outside "Technical details". */
const jargon = /§|03 |base64|did:key|invitation|parse|cjson|bodyHash|refused \(/;

/** link with one character of the space's name changed inside the invitation it carries (then encoded again). */
function renamed(link, from, to) {
  const marker = "#invite=";
  const at = link.indexOf(marker) + marker.length;
  const dot = link.indexOf(".", at);
  const raw = Buffer.from(link.slice(at, dot), "base64url").toString("utf8");
  assert.ok(raw.includes(`"${from}"`), `the invitation names ${from}`);
  const text = Buffer.from(raw.replace(`"${from}"`, `"${to}"`), "utf8").toString("base64url");
  return link.slice(0, at) + text + link.slice(dot);
}

describe("an invite link that cannot be used", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, ui, browser, page;
  let link = "";

  before(async () => {
    const { ana: home, cli } = anaOnCLI();
    ana = home;
    cli("account", "create", "--name", "Ana");
    const garden = cli("space", "create", "Garden club", "--template", "club");
    link = cli("invite", "create", garden.id, "--role", "member").link;

    ({ ben, ui, browser, page } = await benOnAPage());
  });

  after(async () => {
    await browser?.close();
    await ui?.stop();
    ana?.cleanup();
    ben?.cleanup();
  });

  const cases = () => [
    ["no link", "hello, here is the invite", /^The link is not whole/],
    ["cut short", link.slice(0, Math.floor(link.length / 2)), /^The link is not whole/],
    ["one character changed", renamed(link, "Garden club", "Garden clud"), /^The link was changed after it was made: .*signature/],
  ];

  it("says what is wrong in plain words under Details, the node's reason under Technical details", async () => {
    for (const [name, bad, why] of cases()) {
      // A fresh Join page each time, so what shows is this link's.
      await nav(page, "Spaces");
      await nav(page, "Join a space");
      assert.equal(await page.getByTestId("error").count(), 0, name);
      await page.getByTestId("join-link").fill(bad);
      await page.getByTestId("preview").click();
      const error = page.getByTestId("error");
      await error.waitFor({ timeout: T });
      assert.doesNotMatch(await page.getByTestId("error-text").textContent(), jargon, name);
      const details = page.getByTestId("error-details");
      await details.locator("summary").first().click();
      const plain = (await page.getByTestId("error-why").textContent()).trim();
      assert.match(plain, why, name);
      assert.doesNotMatch(plain, jargon, name);
      const technical = page.getByTestId("error-technical");
      assert.equal((await technical.locator("summary").textContent()).trim(), "Technical details", name);
      assert.equal(await technical.evaluate((d) => d.open), false, `${name}: the technical reason shows only when asked`);
      assert.equal(await page.getByTestId("error-detail").isVisible(), false, name);
      await technical.locator("summary").click();
      assert.match(await page.getByTestId("error-detail").textContent(), /invite refused/, name);
      if (name === "one character changed") await shot(page, "join-refused-details");
    }
  });
});
