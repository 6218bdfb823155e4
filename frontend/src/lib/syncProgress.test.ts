import { describe, expect, it } from "vitest";
import type { SpaceSummary, SpaceSync } from "./api";
import { empty, reduce, type NodeState } from "./state";
import { runLine, syncProgress, took, trackRuns } from "./syncProgress";

const sp = (id: string, name: string, sync = "synced"): SpaceSummary => ({
  id, name, private: false, roles: [], founder: "", members: 1, sync,
} as unknown as SpaceSummary);
const at = (state: string, toFetch: number, bytesIn: number, versions: number, spaceId = "a"): SpaceSync =>
  ({ spaceId, state, toFetch, bytesIn, versions }) as SpaceSync;
const ev = (...spaces: SpaceSync[]) => ({ kind: "sync", data: { paused: false, spaces, peers: [] } });

describe("a space's progress now", () => {
  it("live sync events move a first sync's progress", () => {
    let s = reduce(empty, { kind: "spaces", data: [sp("a", "A", "offline")] });
    const seen: (string | undefined)[] = [];
    for (const e of [at("syncing", 0, 0, 0), at("syncing", 152, 6892, 0), at("syncing", 100, 40_000, 52), at("syncing", 0, 90_000, 152), at("synced", 0, 90_000, 152)]) {
      s = reduce(s, ev(e));
      seen.push(syncProgress(s.sync!.spaces![0])?.line);
    }
    expect(seen).toEqual([
      undefined,
      "152 changes still to fetch · 6.9 KB received · 0%",
      "100 changes still to fetch · 40 KB received · 34%",
      "152 changes so far · 90 KB received",
      undefined,
    ]);
    expect(s.spaces[0].sync).toBe("synced");
    expect(syncProgress(at("syncing", 100, 40_000, 52))).toMatchObject({ max: 152, value: 52 });
  });
  it("measures against the most the run has known to fetch, not what is in flight", () => {
    // Versions received but not yet taken in are neither to fetch nor held.
    let s = reduce(empty, ev(at("offline", 0, 0, 1)));
    const seen: (string | undefined)[] = [];
    for (const e of [at("syncing", 2800, 530_000, 1), at("syncing", 200, 5_700_000, 601), at("syncing", 0, 6_100_000, 1401), at("syncing", 0, 6_100_000, 3001), at("synced", 0, 6_100_000, 3001)]) {
      s = reduce(s, ev(e));
      seen.push(syncProgress(s.sync!.spaces![0], s.runs.a)?.line);
    }
    expect(seen).toEqual([
      "2800 changes still to fetch · 530 KB received · 0%",
      "200 changes still to fetch · 5.7 MB received · 21%",
      "1401 changes so far · 6.1 MB received",
      "3001 changes so far · 6.1 MB received",
      undefined,
    ]);
    expect(syncProgress(at("syncing", 200, 5_700_000, 601), { ...s.runs.a, ended: 0, total: 2801 })).toMatchObject({ max: 2801, value: 601 });
    // A finished run's total is no longer the measure.
    expect(syncProgress(at("syncing", 10, 100, 5), s.runs.a)).toMatchObject({ max: 15, value: 5 });
  });
  it("a space its peer sends to shows what has arrived, without a total", () => {
    expect(syncProgress(at("syncing", 0, 2_500_000, 1))).toEqual({ line: "1 change so far · 2.5 MB received" });
    expect(syncProgress(at("synced", 0, 2_500_000, 1))).toBeNull();
    expect(syncProgress(at("syncing", 0, 0, 0))).toBeNull();
  });
});

describe("a space's last sync, kept once it is over", () => {
  it("a joined space's first sync, from the page's first status to synced", () => {
    let s: NodeState = reduce(empty, ev(at("synced", 0, 0, 7, "old")));
    s = reduce(s, ev(at("synced", 0, 0, 7, "old"), at("offline", 0, 0, 1)));
    expect(s.runs).toEqual({});
    const t0 = Date.now();
    s = reduce(s, ev(at("synced", 0, 0, 7, "old"), at("syncing", 1200, 54_000, 1)));
    s = reduce(s, ev(at("synced", 0, 0, 7, "old"), at("syncing", 0, 3_100_000, 804)));
    expect(runLine(s.runs.a)).toBeNull(); // still going
    s = reduce(s, ev(at("synced", 0, 0, 7, "old"), at("synced", 0, 3_102_553, 1204)));
    const run = s.runs.a;
    expect(run).toMatchObject({ versionsBefore: 1, bytesBefore: 0, versions: 1204, bytesIn: 3_102_553 });
    expect(run.started).toBeGreaterThanOrEqual(t0);
    expect(run.ended).toBeGreaterThanOrEqual(run.started);
    expect(runLine(run)).toBe("Last sync: 1203 changes arrived · 3.1 MB received in under a second");
    const quiet = { ...run, versions: run.versionsBefore, bytesIn: 241 };
    expect(runLine(quiet)).toBe("Last sync: up to date, nothing new · 241 B received in under a second"); // no "0 changes arrived"
    expect(s.runs.old).toBeUndefined(); // nothing arrived there

    // It stays through later statuses, offline or synced, until another sync brings something.
    s = reduce(s, ev(at("offline", 0, 3_102_553, 1204)));
    s = reduce(s, ev(at("synced", 0, 3_102_553, 1204)));
    expect(s.runs.a).toBe(run);
    s = reduce(s, ev(at("syncing", 0, 3_103_553, 1205)));
    expect(s.runs.a).toMatchObject({ ended: 0, versionsBefore: 1204, bytesBefore: 3_102_553 });
    s = reduce(s, ev(at("synced", 0, 3_103_553, 1205)));
    expect(runLine(s.runs.a)).toBe("Last sync: 1 change arrived · 1.0 KB received in under a second");
  });
  it("measures from now when the page opens mid-sync, from nothing for a space new to the node", () => {
    const mid = trackRuns({}, null, [at("syncing", 0, 500_000, 900)], 1000);
    expect(mid.a).toMatchObject({ versionsBefore: 900, bytesBefore: 500_000, started: 1000 });
    const fresh = trackRuns({}, [], [at("syncing", 10, 500, 2)], 1000);
    expect(fresh.a).toMatchObject({ versionsBefore: 0, bytesBefore: 0 });
    // A node that took the space up again counts bytes from 0.
    const again = trackRuns({}, [at("synced", 0, 9_000, 50)], [at("syncing", 0, 2_000, 60)], 1000);
    expect(again.a).toMatchObject({ versionsBefore: 50, bytesBefore: 0 });
  });
  it("keeps a run through offline and paused, ends it when synced, drops a space no longer listed", () => {
    let runs = trackRuns({}, [], [at("syncing", 5, 100, 1)], 0);
    runs = trackRuns(runs, [], [at("offline", 5, 100, 1)], 500);
    runs = trackRuns(runs, [], [at("paused", 0, 100, 1)], 600);
    expect(runs.a.ended).toBe(0);
    runs = trackRuns(runs, [], [at("synced", 0, 4000, 6)], 6400);
    expect(runLine(runs.a)).toBe("Last sync: 6 changes arrived · 4.0 KB received in 6 s");
    expect(trackRuns(runs, [], [], 7000)).toEqual({});
  });
  it("says how long it took in words", () => {
    expect([took(0), took(999), took(1000), took(59_400), took(125_000), took(NaN)]).toEqual(
      ["under a second", "under a second", "1 s", "59 s", "2 min 5 s", "under a second"]);
  });
});
