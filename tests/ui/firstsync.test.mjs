// A first sync over a real join (issue 8 item 5), in Chromium against two
// `minca ui` processes on loopback: Ana's space holds 6,000 notes (about
// 12 MB on the wire: since the wants are queued, 3,000 could sync within a
// second, before the page drew a second progress line; the node tells
// watchers at most every 500 ms); Ben joins it through the Join screen while a second tab of his
// keeps the Sync page open. That page shows the versions and bytes arriving
// as they do, with the versions still to fetch whichever of the two begins
// (down to their session keys, 05 §6.2): those Ben's node asks for, or
// those it counted ahead when Ana's node sends unasked (node/netsync
// coming.go); then, once synced, what the sync brought; the versions held
// match Ana's.
//
// Every line the page shows is noted in the page itself as it is drawn (a
// MutationObserver), so nothing races a fast sync: the last-sync line stays
// on screen once it is over. The page asks for the status on opening only
// (it once asked again on every event, and a stale answer undid newer ones).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { bin } from "./minca.mjs";
import { T, anaSharesWithBen, callNode as call, createAccount, endShared, joinByLink, nav, shortDID, shot } from "./flows.mjs";

const notes = Number(process.env.MINCA_FIRSTSYNC_NOTES ?? 6000);
const noteText = "a line of field notes, ".repeat(44); // about 1 KB a version
const space = "Field notes";

/** Writes n notes in spaceId, a few at a time (the node takes writes one by one). */
async function seed(ui, spaceId, n) {
  let next = 0;
  const writer = async () => {
    while (next < n) {
      const i = next++;
      await call(ui, "Write", { spaceId, collection: "app.note", body: { n: i, text: noteText } });
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
}

async function heldBy(ui, spaceId) {
  const st = await call(ui, "SyncStatus");
  return (st.spaces ?? []).find((s) => s.spaceId === spaceId)?.versions ?? -1;
}

/** "1.6 MB" → bytes. */
function size(text) {
  const m = /^([\d.]+) (B|KB|MB|GB)$/.exec(text);
  assert.ok(m, `a size: ${text}`);
  return Number(m[1]) * { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }[m[2]];
}

describe("a first sync, seen on the Sync page", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let ana, ben, uiA, uiB, browser, page, watch;
  let spaceId = "";
  let link = "";
  let anaDID = "";

  before(async () => {
    // Ana, on the command line: an account, a public space, her computer
    // open to others on loopback, a view-only invite naming it; then her
    // `minca ui`. Ben's `minca ui` and the browser start meanwhile.
    ({ ana, ben, uiA, uiB, browser, page, anaDID, spaceId, link } = await anaSharesWithBen(space, ["--view-only"]));
  });

  after(async () => {
    const codes = await endShared({ ana, ben, uiA, uiB, browser });
    assert.deepEqual(codes, [0, 0], "both minca ui exit cleanly on SIGTERM");
  });

  it(`Ben joins a space of ${notes} notes: versions and bytes arrive on screen, then what the sync brought`, async (t) => {
    const t0 = Date.now();
    const phases = [];
    const phase = (what) => phases.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const seeding = seed(uiA, spaceId, notes).then(() => phase("seeded"));
    await createAccount(page, "Ben", join(ben.home, "Minca"));
    phase("Ben's account");
    await seeding;
    const anaHeld = await heldBy(uiA, spaceId);
    assert.ok(anaHeld >= notes, `Ana holds ${anaHeld} versions`);

    // A second tab of Ben's app stays on the Sync page and notes each line drawn.
    watch = await browser.context.newPage();
    await watch.addInitScript(() => {
      // How often the page asks for the status: events are what keep it fresh.
      window.__statusCalls = 0;
      const f = window.fetch;
      window.fetch = (input, init) => {
        if (String(input).endsWith("SyncStatus")) window.__statusCalls++;
        return f(input, init);
      };
    });
    await watch.goto(uiB.url);
    await nav(watch, "Sync");
    await watch.evaluate(() => {
      const seen = (window.__progress = []);
      const note = () => {
        for (const el of document.querySelectorAll('[data-testid="progress"]')) {
          const line = el.textContent.trim();
          if (seen[seen.length - 1] !== line) seen.push(line);
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await joinByLink(page, link, { space, role: /view only/, inviter: ["Ana", shortDID(anaDID)] });
    phase("joined");

    const row = watch.locator(`[data-testid="sync-space"][data-space="${spaceId}"]`);
    const last = row.getByTestId("last-sync");
    // A picture of the page mid-sync, when one is caught (nothing depends on it).
    const midway = row.getByTestId("progress").waitFor({ timeout: 90000 }).then(() => shot(watch, "firstsync-progress")).catch(() => {});
    await last.waitFor({ timeout: 90000 });
    await midway;
    phase("synced");
    await shot(watch, "firstsync-done");
    const seen = await watch.evaluate(() => window.__progress);
    t.diagnostic(phases.join(", "));
    t.diagnostic(`${seen.length} progress lines: ${seen[0]} … ${seen[seen.length - 1]}; then ${await last.textContent()}`);

    // While it ran: real numbers, changing as versions came, and how many
    // were still to fetch whichever node began.
    assert.ok(seen.length >= 2, `progress lines seen: ${JSON.stringify(seen)}`);
    assert.ok(seen.some((l) => /^\d+ changes? still to fetch/.test(l)), `changes still to fetch shown: ${JSON.stringify(seen)}`);
    let lastBytes = 0;
    for (const line of seen) {
      const m = /^(\d+ changes? still to fetch|\d+ changes? so far) · ([\d.]+ [KMG]?B) received( · \d+%)?$/.exec(line);
      assert.ok(m, `a progress line in changes and bytes: ${line}`);
      const b = size(m[2]);
      assert.ok(b > 0 && b >= lastBytes, `bytes only grow: ${JSON.stringify(seen)}`);
      lastBytes = b;
    }

    // Once synced: what it brought, and the versions held are Ana's.
    const m = /^Last sync: (\d+) changes arrived · ([\d.]+ [KMG]?B) received in (under a second|\d+ s|\d+ min \d+ s)$/.exec(
      (await last.textContent()).trim());
    assert.ok(m, `the last-sync line: ${await last.textContent()}`);
    assert.ok(Number(m[1]) >= notes, `${m[1]} changes arrived, ${notes} notes written`);
    assert.ok(size(m[2]) >= notes * noteText.length, `${m[2]} received for ${notes} notes of ${noteText.length} bytes`);
    assert.equal(await row.getAttribute("data-state"), "synced");
    const held = row.getByTestId("held");
    for (const end = Date.now() + T; ; ) {
      const [ours, theirs] = [Number(await held.textContent()), await heldBy(uiA, spaceId)];
      if (ours === theirs) break;
      if (Date.now() > end) assert.fail(`Ben holds ${ours} versions, Ana ${theirs}`);
      await watch.waitForTimeout(300);
    }
    assert.equal(await row.getByTestId("progress").count(), 0, "no progress line once synced");
    const calls = await watch.evaluate(() => window.__statusCalls);
    assert.ok(calls <= 2, `the Sync page asked for the status ${calls} times; the events carry it`);
  });
});
