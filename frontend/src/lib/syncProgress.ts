// A space's sync progress as the Sync page shows it, from live "sync"
// events (node/netsync space-progress, forwarded as the whole SyncStatus):
// while versions arrive, the line of the moment; once the space is synced,
// what that sync brought, kept on screen (a first sync is over in seconds,
// and a person glancing at the page afterwards still sees what came).
//
// Real units only: versions (a change to one record each, "changes" in
// people's words) and bytes. toFetch counts what this node asks
// its peer for (05 §6.3, want) and, when the peer begins the sessions (its
// session DID sorts first, 05 §6.2 step 6) and sends without being asked,
// what the node's own counting sessions found it will send (node/netsync
// coming.go, docs/spec/06-nodes.md §1.7): known either way, as far as those
// sessions have got.
import type { SpaceSync } from "./api";
import { bytes, plural } from "./format";

/** The line of a space's progress; max and value for a <progress>, absent when the total is not known. */
export interface SyncProgress {
  line: string;
  max?: number;
  value?: number;
}

/**
 * A space's progress now; null when nothing is arriving. With its run
 * (trackRuns), the share done is of the most the run has known of:
 * toFetch counts versions asked for and not yet received, so those
 * received but not yet taken in are in neither toFetch nor versions, and
 * toFetch + versions alone would run ahead of what is held (75% with a
 * fifth held). With nothing left to ask for, only what came so far is
 * sure: versions received may still be on their way in.
 */
export function syncProgress(s: SpaceSync, run?: SyncRun): SyncProgress | null {
  const got = `${bytes(s.bytesIn)} received`;
  if (s.toFetch > 0) {
    const total = Math.max(s.toFetch + s.versions, run && !run.ended ? run.total : 0);
    const pct = Math.floor((s.versions / total) * 100);
    return { line: `${plural(s.toFetch, "change")} still to fetch · ${got} · ${pct}%`, max: total, value: s.versions };
  }
  if (s.state !== "syncing" || s.bytesIn <= 0) return null;
  return { line: `${plural(s.versions, "change")} so far · ${got}` };
}

/**
 * A space's last sync that brought something: begun when versions started
 * arriving, done when the space was next synced. Counts are the space's
 * (versions held, bytes received since the node took the space up), so
 * what the run brought is the difference with before.
 */
export interface SyncRun {
  started: number; // ms since the epoch
  ended: number; // 0 until done
  versionsBefore: number;
  bytesBefore: number;
  versions: number;
  bytesIn: number;
  /** The most toFetch + versions has been in the run: its total, as far as known. */
  total: number;
}

/** Runs by space id. */
export type SyncRuns = Record<string, SyncRun>;

/**
 * The runs after a sync status: a space whose versions are arriving begins
 * a run (or goes on with one), measured from what the status before said of
 * it: nothing for a space that status did not list (new to the node), and
 * from now when there was no status before (the page opened mid-sync); a
 * space synced again ends its run; a space no longer listed loses it.
 * Offline or paused keeps a run as it was, to go on when sync does.
 */
export function trackRuns(runs: SyncRuns, before: SpaceSync[] | null, after: SpaceSync[], now: number): SyncRuns {
  const prev = new Map((before ?? after).map((s) => [s.spaceId, s]));
  const out: SyncRuns = {};
  for (const s of after) {
    let run = runs[s.spaceId];
    if (syncProgress(s)) {
      if (!run || run.ended) {
        const p = prev.get(s.spaceId);
        const bytesBefore = p && p.bytesIn <= s.bytesIn ? p.bytesIn : 0; // the node took the space up again
        run = { started: now, ended: 0, versionsBefore: p?.versions ?? 0, bytesBefore, versions: 0, bytesIn: 0, total: 0 };
      }
      run = { ...run, versions: s.versions, bytesIn: s.bytesIn, total: Math.max(run.total, s.toFetch + s.versions) };
    } else if (run && !run.ended && s.state === "synced") {
      run = { ...run, versions: s.versions, bytesIn: Math.max(s.bytesIn, run.bytesIn), ended: now };
    }
    if (run) out[s.spaceId] = run;
  }
  return out;
}

/** What a finished run brought, in a line; null while it runs. */
export function runLine(run: SyncRun | undefined): string | null {
  if (!run?.ended) return null;
  const brought = Math.max(0, run.versions - run.versionsBefore);
  const got = `${bytes(run.bytesIn - run.bytesBefore)} received in ${took(run.ended - run.started)}`;
  if (brought === 0) return `Last sync: up to date, nothing new · ${got}`;
  return `Last sync: ${plural(brought, "change")} arrived · ${got}`;
}

/** A duration in words: "under a second", "6 s", "2 min 5 s". */
export function took(ms: number): string {
  if (!(ms >= 1000)) return "under a second";
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
