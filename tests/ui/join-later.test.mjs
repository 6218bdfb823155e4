// Joining while the inviter's computer is off (03 §7.3; issue 8 item 3).
// Ana makes her invites on the command line and her node stops with it. Ben
// joins in the browser: the invite has not reached his computer, so the
// space waits as "Joining — waiting for Ana's computer", never as a
// member's space with its controls; the same link pasted again tries again
// instead of saying he is a member; a join he no longer wants he cancels.
// Once Ana's computer is on (a `minca host` of hers), Ben's node finishes
// the join by itself: the page says so with no other click. Last, with
// Ben's `minca ui` gone, a call says Minca is not running, not "Failed to
// fetch".
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, anaOnCLI, benOnAPage, nav, previewLink, shot, startHost } from "./flows.mjs";

/** Ben's node dials Ana's again after a backoff of up to a minute (node/transport). */
const backAgain = 120000;
/** Join waits up to 10 s for the invite's record (node/runtime joinWait) before the space waits. */
const joinWait = 40000;

describe("joining while the inviter's computer is off", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, anaEnv, ui, host, browser, page;
  let gardenLink = "";
  let bookLink = "";
  let quietLink = "";

  before(async () => {
    let cli;
    ({ ana, env: anaEnv, cli } = anaOnCLI());
    cli("account", "create", "--name", "Ana");
    const quiet = cli("space", "create", "Quiet room", "--template", "club");
    quietLink = cli("invite", "create", quiet.id, "--role", "member").link; // made while nobody may connect
    cli("network", "set", "this-computer"); // her invites name her computer; no process of hers runs
    const garden = cli("space", "create", "Garden club", "--private", "--template", "club");
    gardenLink = cli("invite", "create", garden.id, "--role", "member").link;
    const book = cli("space", "create", "Book club", "--template", "club");
    bookLink = cli("invite", "create", book.id, "--role", "member").link;

    ({ ben, ui, browser, page } = await benOnAPage());
  });

  after(async () => {
    await browser?.close();
    await host?.stop();
    await ui?.stop();
    ana?.cleanup();
    ben?.cleanup();
  });

  const preview = (link) => previewLink(page, link);

  it("a link made while Ana's computer accepted no connections says it cannot be used yet", async () => {
    await preview(quietLink);
    const note = page.getByTestId("join-no-computer");
    await note.waitFor({ timeout: T });
    assert.match(await note.textContent(), /This link cannot be used yet.*Ana's computer did not accept connections/s);
    await page.getByTestId("not-now").click();
  });

  it("Ben joins while Ana's computer is off: Garden club waits, with no member's controls", async () => {
    await preview(gardenLink);
    assert.equal(await page.getByTestId("join-no-computer").count(), 0, "this link names Ana's computer");
    await page.getByTestId("join").click();
    const pending = page.getByTestId("join-pending");
    await pending.waitFor({ timeout: joinWait });
    assert.match(await pending.textContent(), /Joining Garden club — waiting for Ana's computer/);
    assert.match(await pending.textContent(), /not a member/);
    assert.equal(await page.getByTestId("space-title").count(), 0, "no space page: he is no member");
    await shot(page, "join-later-pending");

    await nav(page, "Spaces");
    const item = page.locator('[data-testid="space-item"][data-joining="true"]');
    assert.match(await item.textContent(), /Garden club.*Joining — waiting for Ana's computer/s);
    await item.click();
    await pending.waitFor({ timeout: T });
    assert.equal(await page.getByTestId("space-title").count(), 0, "the list opens the waiting join, not the space's controls");
  });

  it("pasting the link again tries the join again, not 'already a member'", async () => {
    await preview(gardenLink);
    assert.match(await page.getByTestId("join-resumes").textContent(), /You started joining Garden club.*Ana's computer/);
    await page.getByTestId("join").click();
    await page.getByTestId("join-pending").waitFor({ timeout: joinWait });
    const message = page.getByTestId("message");
    assert.doesNotMatch((await message.count()) ? await message.textContent() : "", /already a member/);
  });

  it("a join Ben no longer wants he cancels: the space goes", async () => {
    await preview(bookLink);
    await page.getByTestId("join").click();
    const pending = page.locator('[data-testid="join-pending"]').filter({ hasText: "Book club" });
    await pending.waitFor({ timeout: joinWait });
    await page.getByTestId("cancel-join").click();
    await page.getByTestId("message").filter({ hasText: "You stopped joining Book club." }).waitFor({ timeout: T });
    await nav(page, "Spaces");
    assert.equal(await page.getByTestId("space-item").filter({ hasText: "Book club" }).count(), 0);
  });

  it("once Ana's computer is on, Ben is a member of Garden club with no other click", async () => {
    await nav(page, "Spaces");
    await page.locator('[data-testid="space-item"][data-joining="true"]').click();
    await page.getByTestId("join-pending").waitFor({ timeout: T });
    host = await startHost(anaEnv);
    const finished = page.getByTestId("join-finished");
    await finished.waitFor({ timeout: backAgain });
    assert.match(await finished.textContent(), /You joined Garden club/);
    await shot(page, "join-later-finished");
    await page.getByTestId("open-joined").click();
    await page.getByTestId("space-title").filter({ hasText: "Garden club" }).waitFor({ timeout: T });
    await nav(page, "Spaces");
    const item = page.getByTestId("space-item").filter({ hasText: "Garden club" });
    assert.equal(await item.getAttribute("data-joining"), "false");
    assert.match(await item.textContent(), /you: Member/);
  });

  it("with minca ui gone, a call says Minca is not running on this computer", async () => {
    assert.equal(await ui.stop(), 0, "minca ui exits cleanly on SIGTERM");
    ui = null;
    await nav(page, "Join a space");
    await page.getByTestId("join-link").fill(gardenLink);
    await page.getByTestId("preview").click();
    const err = page.getByTestId("error-text");
    await err.waitFor({ timeout: T });
    assert.equal((await err.textContent()).trim(), "Minca is not running on this computer — start it again.");
  });
});
