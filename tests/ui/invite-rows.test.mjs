// An open invite in Ana's window (issue 8 item 3): two real `minca ui`
// processes in headless Chromium. The fresh link says that anyone with it
// can join as its role until she closes it (a role invite stays open, 03
// §7.2), not "once"; its QR code is drawn at 4 px a module or more: beside
// the link, or, for a link too long for that (a private space's link with
// her computer's address, ~2,800 characters), in a full-window dialog that
// "Show QR code" opens and Escape closes, giving the button the focus back
// (flows.mjs checkQR). After Ben joins through it, her row
// says 1 joined, by his name (03 §7.3), and offers Close right there; once
// she removes him it still counts him, saying he is no member now; Close
// ends it.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, checkQR, createAccount, createInvite, createSpace, eventually, joinByLink, memberRow, nav, openSpace, shot } from "./flows.mjs";

const SPACE = "Orchard";

describe("invite rows: what a link gives, who joined, Close", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let homeA, homeB, uiA, uiB, browser, a, b;
  let link = "";

  before(async () => {
    homeA = freshHome();
    homeB = freshHome();
    [uiA, uiB] = await Promise.all([startUI(homeA.home), startUI(homeB.home)]);
    browser = await launchChromium();
    a = await browser.context.newPage();
    b = await browser.context.newPage();
    await a.goto(uiA.url);
    await b.goto(uiB.url);
    await Promise.all([createAccount(a, "Ana", join(homeA.home, "Minca")), createAccount(b, "Ben", join(homeB.home, "Minca"))]);
  });

  after(async () => {
    await browser?.close();
    await Promise.all([uiA?.stop(), uiB?.stop()]);
    homeA?.cleanup();
    homeB?.cleanup();
  });

  it("a fresh role link says anyone with it can join until closed, and its QR code keeps 4 px a module", async () => {
    await createSpace(a, SPACE, { priv: true, template: "team" });
    await nav(a, "Settings");
    await a.getByTestId("network-this-computer").check();
    await a.getByTestId("network-url").waitFor({ timeout: T });
    await openSpace(a, SPACE);
    link = await createInvite(a, { role: "member" });
    const fresh = a.getByTestId("fresh-invite");
    assert.equal((await fresh.getByTestId("fresh-invite-gives").textContent()).trim(),
      "Anyone with this link can join as Member until you close it.");
    const about = await a.getByTestId("invite-about").textContent();
    assert.doesNotMatch(about, /once/, "a role invite is not used up by one join");
    assert.match(about, /anyone the link is passed on to/);
    const qr = await checkQR(fresh, link);
    console.log(`# private role link: ${link.length} characters, QR ${qr}`);
    await shot(a, "invite-fresh-qr");
    await a.getByRole("button", { name: "Done", exact: true }).click();
    const row = a.getByTestId("invite");
    assert.equal(await row.count(), 1);
    assert.equal(await row.getByTestId("invite-joined").getAttribute("data-joined"), "0");
    assert.equal((await row.getByTestId("invite-joined").textContent()).trim(), "Nobody yet");

    // Shown again from the row, the same way.
    await row.getByTestId("show-invite-link").click();
    const shown = a.getByTestId("invite-shown");
    await shown.waitFor({ timeout: T });
    assert.equal(await checkQR(shown, link), qr, "the link shown again is drawn as the fresh one");
  });

  it("a public space's view-only link: its QR code, when it has one, keeps 4 px a module", async () => {
    await createSpace(a, "Notice board", { priv: false, template: "team" });
    const view = await createInvite(a, { viewOnly: true });
    assert.equal((await a.getByTestId("fresh-invite-gives").textContent()).trim(),
      "Anyone with this link can read the space; it cannot be closed.");
    console.log(`# public view-only link: ${view.length} characters, QR ${await checkQR(a.getByTestId("fresh-invite"), view)}`);
    await shot(a, "invite-view-only-qr");
    await openSpace(a, SPACE);
  });

  it("after Ben joins, Ana's row says 1 joined, by his name, and offers Close there; removed, he still joined; Close ends it", async () => {
    await joinByLink(b, link, { space: SPACE });
    const joined = a.getByTestId("invite").getByTestId("invite-joined");
    await eventually(a, SPACE, async () => (await joined.getAttribute("data-joined").catch(() => "")) === "1", "1 joined in Ana's invite row");
    assert.equal((await joined.textContent()).trim(), "1 joined (Ben)");
    const close = a.getByTestId("invite").getByTestId("close-invite");
    assert.equal(await close.count(), 1, "Close in the row that says who joined");
    await shot(a, "invite-row-joined");
    // Removed, Ben still joined through the link: the row keeps counting him, and says he is no member now.
    await memberRow(a, "Ben").getByTestId("remove").click();
    await a.getByTestId("confirm").waitFor({ timeout: T });
    await a.getByTestId("confirm-yes").click();
    await a.waitForFunction(() => !document.querySelector('[data-testid="member"][data-name="Ben"]'), null, { timeout: T });
    await eventually(a, SPACE, async () => (await joined.textContent().catch(() => "")).trim() === "1 joined (Ben), no longer a member",
      "Ana's invite row says Ben joined and is no member now");
    assert.equal(await joined.getAttribute("data-joined"), "1");
    await close.click();
    await a.getByTestId("no-invites").waitFor({ timeout: T });
  });
});
