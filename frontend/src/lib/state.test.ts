import { describe, expect, it } from "vitest";
import { empty, joiningOf, namesNoComputer, linkShown, memberOf, noLinks, openedLink, readerOf, reduce, seenKept, sortSpaces, takeLink, waitingFor } from "./state";
import type { SpaceSummary } from "./api";

const sp = (id: string, name: string, sync = "synced"): SpaceSummary => ({
  id, name, private: false, roles: ["admin"], founder: true, members: 1, sync,
});

describe("node state from Watch events", () => {
  it("takes the snapshot of spaces, sorted by name", () => {
    const s = reduce(empty, { kind: "spaces", data: [sp("b", "beta"), sp("a", "Alpha")] });
    expect(s.spaces.map((x) => x.name)).toEqual(["Alpha", "beta"]);
  });
  it("a null list is no spaces", () => {
    expect(reduce(reduce(empty, { kind: "spaces", data: [sp("a", "A")] }), { kind: "spaces", data: null }).spaces).toEqual([]);
  });
  it("a space event updates that space and marks it touched", () => {
    let s = reduce(empty, { kind: "spaces", data: [sp("a", "A"), sp("b", "B")] });
    s = reduce(s, { kind: "space", spaceId: "a", data: { ...sp("a", "A2"), members: 2, createdAt: "x" } });
    s = reduce(s, { kind: "space", spaceId: "a" });
    expect(s.spaces.find((x) => x.id === "a")).toEqual({ ...sp("a", "A2"), members: 2 });
    expect(s.touched).toEqual({ a: 2 });
  });
  it("sync events set each space's state", () => {
    let s = reduce(empty, { kind: "spaces", data: [sp("a", "A"), sp("b", "B")] });
    s = reduce(s, { kind: "sync", data: { paused: true, spaces: [{ spaceId: "b", state: "paused", toFetch: 0, bytesIn: 0, versions: 3 }], peers: [] } });
    expect(s.sync?.paused).toBe(true);
    expect(s.spaces.map((x) => x.sync)).toEqual(["synced", "paused"]);
  });
  it("a partial sync delta keeps what it does not name", () => {
    let s = reduce(empty, { kind: "sync", data: { paused: false, spaces: [{ spaceId: "a", state: "synced", toFetch: 0, bytesIn: 0, versions: 3 }], peers: [] } });
    s = reduce(s, { kind: "sync", data: { paused: true } });
    expect(s.sync?.paused).toBe(true);
    expect(s.sync?.spaces).toHaveLength(1);
    expect(reduce(empty, { kind: "sync", data: { paused: true } }).sync).toEqual({ paused: true, spaces: [], peers: [] });
  });
  it("joined adds the space once and remembers it", () => {
    let s = reduce(empty, { kind: "joined", spaceId: "c", data: sp("c", "C") });
    s = reduce(s, { kind: "joined", spaceId: "c", data: sp("c", "C") });
    expect(s.spaces).toHaveLength(1);
    expect(s.joined).toEqual(["c"]);
  });
  it("malformed or unknown events change nothing", () => {
    const s = reduce(empty, { kind: "spaces", data: [sp("a", "A")] });
    for (const e of [{ kind: "spaces", data: 3 }, { kind: "status", data: "x" }, { kind: "space" }, { kind: "nope", data: {} }, { kind: "sync", data: [] }]) {
      expect(reduce(s, e)).toBe(s);
    }
  });
  it("sorts equal names by id", () => {
    expect(sortSpaces([sp("2", "a"), sp("1", "A")]).map((x) => x.id)).toEqual(["1", "2"]);
  });
});

describe("invite links opened from another app", () => {
  it("reads the event's link and id; malformed data is no link", () => {
    expect(openedLink({ link: " minca:abc ", id: "7" })).toEqual({ link: "minca:abc", id: "7" });
    expect(openedLink({ link: "minca:abc" })).toEqual({ link: "minca:abc", id: "minca:abc" });
    for (const d of [null, "minca:abc", { link: 3 }, { link: "  " }, { link: "x".repeat((1 << 20) + 4097) }, []]) {
      expect(openedLink(d)).toBeNull();
    }
  });
  it("a new hand-off waits; the same one delivered again (reconnect, reload) is not shown twice", () => {
    let box = takeLink(noLinks, { link: "minca:a", id: "1" });
    expect(box.link).toBe("minca:a");
    box = linkShown(box);
    expect(box.link).toBe("");
    expect(takeLink(box, { link: "minca:a", id: "1" })).toBe(box);
    // The same link opened again is a new hand-off, with a new id.
    expect(takeLink(box, { link: "minca:a", id: "2" }).link).toBe("minca:a");
  });
  it("the latest hand-off wins while one waits; malformed data changes nothing", () => {
    let box = takeLink(noLinks, { link: "minca:a", id: "1" });
    box = takeLink(box, { link: "minca:b", id: "2" });
    expect(box.link).toBe("minca:b");
    expect(takeLink(box, { nope: 1 })).toBe(box);
  });
  it("remembers a bounded number of hand-offs", () => {
    let box = noLinks;
    for (let i = 0; i < seenKept + 5; i++) box = linkShown(takeLink(box, { link: "minca:x", id: String(i) }));
    expect(box.seen).toHaveLength(seenKept);
    expect(box.seen[0]).toBe("5");
  });
  it("an invite to a space the account holds leads to that space", () => {
    const spaces = [sp("a", "A"), sp("b", "B")];
    expect(memberOf(spaces, "b")?.name).toBe("B");
    expect(memberOf(spaces, "c")).toBeUndefined();
    expect(memberOf(spaces, "")).toBeUndefined();
  });
  it("a space held but not joined yet, held to read, or removed from is no member's; a joining one is found", () => {
    const joining = { ...sp("j", "Garden club"), roles: [], founder: false, joining: { invitedBy: "did:key:zAna", inviterName: "Ana", role: "member" } };
    const reader = { ...sp("r", "R"), roles: [], founder: false };
    const removed = { ...sp("x", "X"), roles: [], founder: false, removed: { refused: true } };
    const spaces = [joining, reader, removed, sp("m", "M")];
    for (const id of ["j", "r", "x"]) expect(memberOf(spaces, id)).toBeUndefined();
    expect(memberOf(spaces, "m")?.id).toBe("m");
    expect(["j", "r", "x", "m"].map((id) => readerOf(spaces, id)?.id)).toEqual([undefined, "r", undefined, "m"]);
    expect(joiningOf(spaces, "j")).toBe(joining);
    expect(joiningOf(spaces, "m")).toBeUndefined();
    expect(waitingFor(joining)).toBe("Ana's computer");
    expect(waitingFor({ ...joining, joining: { invitedBy: "did:key:zAna", role: "member" } })).toBe("the inviter's computer");
  });
  it("a space event keeps that the account was removed from the space", () => {
    const removed = { refused: true };
    let s = reduce(empty, { kind: "spaces", data: [sp("r", "R")] });
    s = reduce(s, { kind: "space", spaceId: "r", data: { ...sp("r", "R", "offline"), removed } });
    expect(s.spaces[0].removed).toEqual(removed);
    s = reduce(s, { kind: "space", spaceId: "r", data: { ...sp("r", "R"), removed: null } });
    expect(s.spaces[0].removed).toBeUndefined();
  });
  it("a space event keeps a space's joining state, and drops it once joined", () => {
    const j = { invitedBy: "did:key:zAna", inviterName: "Ana", role: "member" };
    let s = reduce(empty, { kind: "spaces", data: [{ ...sp("j", "J"), joining: j }] });
    s = reduce(s, { kind: "space", spaceId: "j", data: { ...sp("j", "J"), roles: [], joining: j } });
    expect(s.spaces[0].joining).toEqual(j);
    s = reduce(s, { kind: "space", spaceId: "j", data: sp("j", "J") });
    expect(s.spaces[0].joining).toBeUndefined();
  });
  it("an invite naming no computer, for a space not held here, can reach nobody", () => {
    const held = [{ id: "h" }] as unknown as Parameters<typeof namesNoComputer>[0];
    expect(namesNoComputer(held, "n", [])).toBe(true);
    expect(namesNoComputer(held, "n", null)).toBe(true);
    expect(namesNoComputer(held, "n", ["ws://127.0.0.1:1/peer#did:key:z"])).toBe(false);
    expect(namesNoComputer(held, "h", [])).toBe(false); // held: its nodes are known here
  });
});
