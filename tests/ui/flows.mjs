// Steps of the UI flows as a person does them, over Playwright pages of
// `minca ui`: first run, spaces, members, invites, folder, sync.
import assert from "node:assert/strict";
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { bin, envFor, freshHome, launchChromium, startUI } from "./minca.mjs";

export const T = 20000; // ms a step may take on a busy machine

/** Saves a screenshot when MINCA_E2E_ARTIFACTS (or H17_SHOTS) names a folder. */
export async function shot(page, name) {
  const dir = process.env.MINCA_E2E_ARTIFACTS ?? process.env.H17_SHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Clicks a sidebar entry by its label. */
export async function nav(page, label) {
  await page.getByRole("navigation", { name: "Minca" }).getByRole("button", { name: label, exact: true }).click();
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: T });
}

/**
 * Where a `minca ui` started with env keeps account keys: "keychain" when a
 * Secret Service owns its name on the session bus (tests/run-e2e.sh starts
 * gnome-keyring) and MINCA_KEYCHAIN is not "none", else "passphrase".
 */
export function keyStoreFor(env = process.env) {
  if (String(env.MINCA_KEYCHAIN ?? "").toLowerCase() === "none" || !env.DBUS_SESSION_BUS_ADDRESS) return "passphrase";
  try {
    const out = execFileSync("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"], { env, timeout: 5000 }).toString();
    return /boolean true/.test(out) ? "keychain" : "passphrase";
  } catch {
    return "passphrase";
  }
}

/**
 * First run: creates an account named name in folder, saves and checks the
 * recovery code, and lands on the view named landing. Returns the recovery
 * code. keyStore is where the node must keep the key (keyStoreFor): with
 * "keychain" no passphrase may be asked; with "passphrase" the page must say
 * why it asks, and takes passphrase twice.
 */
export async function createAccount(page, name, folder, passphrase = "correct horse battery staple", landing = "Spaces", keyStore = keyStoreFor()) {
  await page.getByTestId("start-create").click({ timeout: T });
  await page.getByTestId("profile-name").fill(name);
  if (folder) await page.getByTestId("folder-input").fill(folder);
  await page.getByTestId("create-account").click();
  const code = page.getByTestId("recovery-code");
  const pass = page.getByTestId("passphrase");
  await Promise.race([code.waitFor({ timeout: T }), pass.waitFor({ timeout: T })]);
  if (keyStore === "keychain") {
    assert.equal(await pass.count(), 0, "the Secret Service is up: the keychain keeps the key, no passphrase is asked");
  } else {
    assert.ok(await pass.isVisible(), "no usable keychain: the page asks for a passphrase");
    assert.match(await page.getByTestId("passphrase-card").textContent(), /cannot use a keychain/);
    await pass.fill(passphrase);
    await page.getByTestId("passphrase-again").fill(passphrase);
    await page.getByTestId("create-account").click();
    await code.waitFor({ timeout: T });
  }
  return checkRecoveryCode(page, name, landing);
}

/**
 * The recovery-code steps of the first run, from the page showing the code:
 * saves it, answers a wrong check (refused) then the right one, and lands on
 * the view named landing as name. Returns the code.
 */
export async function checkRecoveryCode(page, name, landing = "Spaces") {
  const code = page.getByTestId("recovery-code");
  const recovery = (await code.textContent()).trim();
  assert.match(recovery, /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}-[0-9A-HJKMNP-TV-Z]{2}$/);
  await page.getByTestId("saved-code").click();

  // A wrong answer is refused; the right groups let the person in.
  const groups = recovery.split("-");
  const inputs = [page.getByTestId("check-0"), page.getByTestId("check-1")];
  await inputs[0].fill("ZZZZ");
  await inputs[1].fill("ZZZZ");
  await page.getByTestId("check-code").click();
  await page.getByRole("alert").waitFor({ timeout: T });
  for (const input of inputs) {
    await input.fill(groups[Number(await input.getAttribute("data-group"))].toLowerCase());
  }
  await page.getByTestId("check-code").click();
  await page.getByRole("heading", { name: landing, level: 1 }).waitFor({ timeout: T });
  assert.equal(await page.getByTestId("me").textContent(), name);
  return recovery;
}

/** Creates a space from the Spaces view and lands on its page. */
export async function createSpace(page, name, { priv = true, template = "team" } = {}) {
  await nav(page, "Spaces");
  await page.getByTestId("new-space").click();
  await page.getByTestId("space-name").fill(name);
  await page.getByTestId(priv ? "private" : "public").check();
  await page.getByTestId(`template-${template}`).check();
  await page.getByTestId("create-space").click();
  await page.getByTestId("space-title").filter({ hasText: name }).waitFor({ timeout: T });
}

/** Opens a space's page from the Spaces list. */
export async function openSpace(page, name) {
  await nav(page, "Spaces");
  await page.getByTestId("space-item").filter({ hasText: name }).click({ timeout: T });
  await page.getByTestId("space-title").filter({ hasText: name }).waitFor({ timeout: T });
}

/** Creates an invite on the open space page; returns its link. */
export async function createInvite(page, { role, viewOnly = false } = {}) {
  if (viewOnly) await page.getByTestId("invite-view-only").check();
  else if (role) await page.getByTestId("invite-role").selectOption(role);
  await page.getByTestId("create-invite").click();
  const link = page.getByTestId("invite-link");
  await link.waitFor({ timeout: T });
  const value = await link.inputValue();
  assert.ok(value.length > 10, `invite link ${value}`);
  // The QR code is drawn from the same link (its decoding is tested in Vitest), or says it is too long for one.
  await checkQR(page.getByTestId("fresh-invite"), value);
  if (viewOnly) await page.getByTestId("invite-view-only").uncheck();
  return value;
}

/** The fewest screen pixels a QR module may get (frontend/src/lib/qr.ts MIN_MODULE_PX). */
const minModulePx = 4;
/** The fewest in the full-window dialog, where the code is alone (qr.ts MIN_DIALOG_MODULE_PX). */
const minDialogModulePx = 2;
/** The longest link whose QR code shows beside it (qr.ts qrFit: version 28-L at 4 px a module within 560 px). */
const qrInlineLink = 1528;
/** The longest link any QR code holds (qr.ts MAX_QR_BYTES: version 40-L); invite links are ASCII. */
const qrMaxLink = 2953;

/**
 * Checks the QR code of link inside box, by the link's length: beside it; or, opened with "Show QR code", in a
 * full-window dialog that says how to scan it, closes on Escape and gives the button the focus back; or, for a link
 * no QR code holds, the sentence saying to copy it instead. A drawn code has 21, 25, … modules at 4 px a module or
 * more beside the link, 2 or more alone in the dialog, as measured on the page. Says which.
 */
export async function checkQR(box, link) {
  const page = box.page();
  const first = box.getByTestId("qr").or(box.getByTestId("qr-too-long")).or(box.getByTestId("show-qr"));
  await first.waitFor({ timeout: T });
  if (link.length > qrMaxLink) {
    assert.match(await first.textContent(), /Too long for a QR code — copy the link instead/, `a link of ${link.length} characters`);
    return "too long";
  }
  assert.equal(await box.getByTestId("qr-too-long").count(), 0, `a link of ${link.length} characters has a code`);
  if (link.length <= qrInlineLink) return `beside the link, ${await readQR(box.getByTestId("qr"), link, minModulePx)}`;

  const button = box.getByTestId("show-qr");
  assert.equal(await button.textContent(), "Show QR code");
  await button.click();
  const dialog = page.getByRole("dialog", { name: "QR code of the invite link" });
  await dialog.waitFor({ timeout: T });
  assert.equal((await dialog.getByTestId("qr-dialog-hint").textContent()).trim(),
    "Hold your phone's camera to the screen; zoom out if it doesn't fit.");
  const drawn = await readQR(dialog.getByTestId("qr"), link, minDialogModulePx);
  await shot(page, "qr-dialog");
  const bottom = await dialog.evaluate((d) => {
    d.scrollTop = d.scrollHeight;
    return d.querySelector("svg").getBoundingClientRect().bottom - innerHeight;
  });
  assert.ok(bottom <= 0, `scrolled to its end, the dialog shows the code's bottom edge (${bottom} px below the window)`);
  await page.keyboard.press("Escape");
  await page.getByTestId("qr-dialog").waitFor({ state: "detached", timeout: T }); // closed, and gone from the page
  assert.ok(await button.evaluate((el) => el === document.activeElement), "Escape gives Show QR code the focus back");
  return `in a dialog, ${drawn}`;
}

/**
 * The modules of the QR code svg and the screen pixels each gets, checked at minPx or more, square, and its
 * picture on the page read back as link (zbarimg, as a phone's camera would).
 */
async function readQR(svg, link, minPx) {
  const modules = Number(await svg.getAttribute("data-modules"));
  assert.ok(modules >= 21 && modules % 4 === 1, `QR of ${modules} modules`);
  const { width, height } = await svg.evaluate((el) => {
    const box = el.getBoundingClientRect(), css = getComputedStyle(el);
    const border = (side) => parseFloat(css[`border${side}Width`]);
    return { width: box.width - border("Left") - border("Right"), height: box.height - border("Top") - border("Bottom") };
  });
  const perModule = width / (modules + 8); // the quiet zone is 4 modules each side
  assert.ok(perModule >= minPx, `QR of ${modules} modules drawn ${width} px wide: ${perModule.toFixed(2)} px a module`);
  assert.equal(Math.round(height), Math.round(width), "square");
  const read = execFileSync("zbarimg", ["--raw", "-q", "-"], { input: await svg.screenshot(), stdio: "pipe" }).toString().trim();
  assert.equal(read, link, `the code of ${modules} modules reads back as the link (zbarimg)`);
  return `${modules} modules at ${perModule.toFixed(2)} px`;
}

/**
 * Pastes link in Join, checks the preview, joins; lands on the space page.
 * inviterName: the name the preview must give the inviter ("Ana invited
 * you"), with their short id beside it; claimed: whether it must say the
 * name is only the link's.
 */
export async function joinByLink(page, link, { space, role, inviter, inviterName, claimed }) {
  await nav(page, "Join a space");
  await page.getByTestId("join-link").fill(link);
  await page.getByTestId("preview").click();
  const offer = page.getByTestId("invite-preview");
  await offer.waitFor({ timeout: T });
  const text = await offer.textContent();
  assert.match(text, new RegExp(space));
  if (role) assert.match(text, role);
  if (inviter) assert.ok(inviter.some((w) => text.includes(w)), `inviter ${inviter} in ${text}`);
  if (inviterName) {
    assert.equal((await page.getByTestId("inviter").textContent()).trim(), inviterName);
    assert.match(await page.getByTestId("offer").textContent(), new RegExp(`${inviterName}\\s+invited you`));
    const detail = page.getByTestId("inviter-detail");
    assert.match(await detail.textContent(), /did:key:z\S+…/, "the short account id beside the name");
    if (claimed !== undefined) {
      assert.equal(await detail.getAttribute("data-claimed"), String(claimed));
      if (claimed) assert.match(await detail.textContent(), /link says.*cannot check/);
    }
  }
  await page.getByTestId("join").click();
  await page.getByTestId("space-title").filter({ hasText: space }).waitFor({ timeout: T });
}

/**
 * The address the page's node listens on for other nodes (SyncStatus.listen),
 * "" when it does not listen: then nodes in two processes cannot sync.
 */
export async function listenOf(page) {
  return page.evaluate(async () => {
    const token = sessionStorage.getItem("minca.token") ?? "";
    const r = await fetch("api/v1/SyncStatus", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Minca-Token": token },
      body: "[]",
    });
    return (await r.json()).result?.listen ?? "";
  });
}

/** The did:key the person's Settings page shows. */
export async function accountDID(page) {
  await nav(page, "Settings");
  return (await page.getByTestId("account-did").textContent()).trim();
}

/** A did:key as the UI shortens it (frontend/src/lib/format.ts shortDID). */
export function shortDID(did) {
  return `${did.slice(0, 12)}…${did.slice(-4)}`;
}

/** The member row of the person named name on the open space page. */
export function memberRow(page, name) {
  return page.locator(`[data-testid="member"][data-name="${name}"]`);
}

/**
 * Re-opens the space page (after Sync now) until check() holds, for what
 * arrives from the other node.
 */
export async function eventually(page, space, check, what, ms = 45000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) assert.fail(`not seen within ${ms} ms: ${what}`);
    await page.getByRole("button", { name: "Sync now" }).first().click().catch(() => {});
    await page.waitForTimeout(700);
    await openSpace(page, space);
  }
}

// Set-ups the tests share: `minca ui` processes in fresh homes and Chromium
// pages on them. Each returns all it started or, when a step fails, ends
// what did start before throwing on, so no process outlives a failed before().

/** A home with its own runtime directory, so each `minca` finds only its own. */
export function ownRuntime(home, extra = {}) {
  const dir = join(home, "run");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { ...envFor(home), XDG_RUNTIME_DIR: dir, ...extra };
}

/** Starts `minca host` in env, listening as its network setting says; resolves once it accepts peers. */
export async function startHost(env) {
  const proc = spawn(bin, ["host"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  let out = "";
  proc.stderr.on("data", (d) => (out += d));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`minca host does not accept peers: ${out}`)), 15000);
    createInterface({ input: proc.stdout }).on("line", (l) => {
      if (l.includes("Accepting peers at ws://127.0.0.1:")) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once("exit", (code) => reject(new Error(`minca host exited ${code}: ${out}`)));
  });
  return { stop: () => (proc.kill("SIGTERM"), exited) };
}

/** Ana on the command line in a fresh home of her own: her env (no keychain, a passphrase) and `cli`, which runs minca with --json. */
export function anaOnCLI() {
  const ana = freshHome();
  const env = ownRuntime(ana.home, { MINCA_KEYCHAIN: "none", MINCA_PASSPHRASE: "ana's passphrase here" });
  const cli = (...args) => JSON.parse(execFileSync(bin, [...args, "--json"], { env }).toString());
  return { ana, env, cli };
}

/** Ben in a fresh home: his `minca ui`, a Chromium page on it, and his account made there. */
export async function benOnAPage() {
  const ben = freshHome();
  const ui = await startUI(ben.home, ownRuntime(ben.home));
  const browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.goto(ui.url);
  await createAccount(page, "Ben", join(ben.home, "Minca"));
  return { ben, ui, browser, page };
}

/** Pastes link on the Join page and looks at it; resolves once the preview shows. */
export async function previewLink(page, link) {
  await nav(page, "Join a space");
  await page.getByTestId("join-link").fill(link);
  await page.getByTestId("preview").click();
  await page.getByTestId("invite-preview").waitFor({ timeout: T });
}

/** Calls the node behind a `minca ui` (its local API, as the page does). */
export async function callNode(ui, method, ...args) {
  const r = await fetch(`${ui.base}api/v1/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Minca-Token": ui.token },
    body: JSON.stringify(args),
  });
  const j = await r.json();
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(j.error)}`);
  return j.result;
}

/**
 * Ends what a set-up started, whichever parts did: the browser, then the
 * `minca ui` processes at once, then the homes. Returns their exit codes.
 */
export async function endAll({ browser, uis = [], homes = [] }) {
  await browser?.close();
  const codes = await Promise.all(uis.map((ui) => ui?.stop()));
  for (const h of homes) h?.cleanup();
  return codes;
}

/** Awaits all of steps, then throws the first failure, if any (so that none is still starting when it is thrown). */
async function allSettled(steps) {
  const failed = (await Promise.allSettled(steps)).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** Runs start(s) to fill s, and returns s; if it fails, end(s) ends what it started before the error is thrown on. */
async function startedOrEnded(start, end) {
  const s = {};
  try {
    await start(s);
    return s;
  } catch (e) {
    await end(s);
    throw e;
  }
}

/**
 * A fresh home, its `minca ui` (with the environment envOf(home) gives) and
 * a Chromium page on it: { home, ui, browser, page }.
 */
export async function onePage(envOf = envFor) {
  return startedOrEnded(async (s) => {
    s.home = freshHome();
    s.ui = await startUI(s.home.home, envOf(s.home.home));
    s.browser = await launchChromium();
    s.page = await s.browser.context.newPage();
    await s.page.goto(s.ui.url);
  }, endOnePage);
}

/** Ends what onePage started; returns the exit code of its `minca ui`. */
export async function endOnePage({ home, ui, browser }) {
  return (await endAll({ browser, uis: [ui], homes: [home] }))[0];
}

/**
 * Two fresh homes, their `minca ui` started at once, and a Chromium page on
 * each: { homeA, homeB, uiA, uiB, browser, a, b }.
 */
export async function twoPages() {
  return startedOrEnded(async (s) => {
    s.homeA = freshHome();
    s.homeB = freshHome();
    await allSettled([startUI(s.homeA.home).then((ui) => (s.uiA = ui)), startUI(s.homeB.home).then((ui) => (s.uiB = ui))]);
    s.browser = await launchChromium();
    s.a = await s.browser.context.newPage();
    s.b = await s.browser.context.newPage();
    await s.a.goto(s.uiA.url);
    await s.b.goto(s.uiB.url);
  }, endTwoPages);
}

/** Ends what twoPages started; returns the exit codes of both `minca ui`. */
export async function endTwoPages({ homeA, homeB, uiA, uiB, browser }) {
  return endAll({ browser, uis: [uiA, uiB], homes: [homeA, homeB] });
}

/**
 * On twoPages' pages: Ana and Ben make their accounts at once; Ana makes a
 * public team space, opens her computer to others on this computer and
 * invites Ben as a member; Ben joins by the link.
 */
export async function benJoinsAnasSpace({ homeA, homeB, a, b }, space) {
  await Promise.all([createAccount(a, "Ana", join(homeA.home, "Minca")), createAccount(b, "Ben", join(homeB.home, "Minca"))]);
  await createSpace(a, space, { priv: false, template: "team" });
  await nav(a, "Settings");
  await a.getByTestId("network-this-computer").check();
  await a.getByTestId("network-url").waitFor({ timeout: T });
  await openSpace(a, space);
  const link = await createInvite(a, { role: "member" });
  await joinByLink(b, link, { space });
}

/**
 * Ana shares a space with Ben, on loopback. Ana, on the command line (no
 * keychain: a passphrase), makes an account and a team space named space,
 * opens her computer to others on this computer, makes an invite (invite:
 * the arguments after `minca invite create SPACE`) and starts her `minca
 * ui`. Ben's `minca ui`, with no account yet, and a Chromium page on it
 * start meanwhile; onBrowser(browser, uiB) runs before the page opens.
 * Returns { ana, ben, anaEnv, uiA, uiB, browser, page, anaDID, spaceId, link }.
 */
export async function anaSharesWithBen(space, invite, onBrowser = async () => {}) {
  return startedOrEnded(async (s) => {
    s.ana = freshHome();
    s.ben = freshHome();
    s.anaEnv = ownRuntime(s.ana.home, { MINCA_KEYCHAIN: "none", MINCA_PASSPHRASE: "ana's passphrase here" });
    const cli = async (...args) => JSON.parse((await promisify(execFile)(bin, [...args, "--json"], { env: s.anaEnv })).stdout);
    const anaUp = (async () => {
      s.anaDID = (await cli("account", "create", "--name", "Ana")).account.did;
      s.spaceId = (await cli("space", "create", space, "--template", "team")).id;
      await cli("network", "set", "this-computer");
      s.link = (await cli("invite", "create", s.spaceId, ...invite)).link;
      s.uiA = await startUI(s.ana.home, s.anaEnv);
    })();
    const benUp = (async () => {
      s.uiB = await startUI(s.ben.home, ownRuntime(s.ben.home));
      s.browser = await launchChromium();
      await onBrowser(s.browser, s.uiB);
      s.page = await s.browser.context.newPage();
      await s.page.goto(s.uiB.url);
    })();
    await allSettled([anaUp, benUp]);
  }, endShared);
}

/** Ends what anaSharesWithBen started; returns the exit codes of both `minca ui`. */
export async function endShared({ ana, ben, uiA, uiB, browser }) {
  return endAll({ browser, uis: [uiA, uiB], homes: [ana, ben] });
}

/**
 * The first run's first form: Create, the profile name and the data folder,
 * then Create account (what comes next depends on where the key is kept).
 */
export async function startFirstRun(page, name, folder) {
  await page.getByTestId("start-create").click({ timeout: T });
  await page.getByTestId("profile-name").fill(name);
  await page.getByTestId("folder-input").fill(folder);
  await page.getByTestId("create-account").click();
}
