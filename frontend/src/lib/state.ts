// What the app knows of the node between calls, kept fresh by Watch events
// (node/api Event: a snapshot of every kind first, then deltas). Pure: the
// Svelte side holds a NodeState in $state and replaces it with reduce().
import type { Account, NodeEvent, SpaceSummary, Status, SyncStatus } from "./api";
import { trackRuns, type SyncRuns } from "./syncProgress";

export interface NodeState {
  status: Status | null;
  account: Account | null;
  spaces: SpaceSummary[];
  sync: SyncStatus | null;
  /** Bumped for each "space" event, by space id, so an open page reloads. */
  touched: Record<string, number>;
  /** Space ids joined since start, newest last. */
  joined: string[];
  /** Each space's last sync that brought versions (syncProgress.ts). */
  runs: SyncRuns;
}

export const empty: NodeState = { status: null, account: null, spaces: [], sync: null, touched: {}, joined: [], runs: {} };

/** The state after one event; unknown kinds and malformed data change nothing. */
export function reduce(s: NodeState, e: NodeEvent): NodeState {
  const d = e.data;
  switch (e.kind) {
    case "status":
      return isObj(d) ? { ...s, status: d as unknown as Status } : s;
    case "account":
      return isObj(d) || d === null ? { ...s, account: (d as unknown as Account) ?? null } : s;
    case "spaces":
      return Array.isArray(d) || d === null ? { ...s, spaces: sortSpaces((d as SpaceSummary[]) ?? []) } : s;
    case "sync": {
      if (!isObj(d)) return s;
      // A delta may carry only some fields (e.g. {"paused": true}).
      const sync = { paused: false, spaces: [], peers: [], ...s.sync, ...d } as SyncStatus;
      if (!("spaces" in d)) return { ...s, sync };
      const runs = trackRuns(s.runs, s.sync ? (s.sync.spaces ?? []) : null, sync.spaces ?? [], Date.now());
      return { ...s, sync, runs, spaces: withSync(s.spaces, sync) };
    }
    case "space": {
      const id = e.spaceId ?? (isObj(d) ? String(d.id ?? "") : "");
      if (!id) return s;
      const spaces = isObj(d) && d.id === id ? upsert(s.spaces, d as unknown as SpaceSummary) : s.spaces;
      return { ...s, spaces, touched: { ...s.touched, [id]: (s.touched[id] ?? 0) + 1 } };
    }
    case "joined": {
      const sp = isObj(d) && typeof d.id === "string" ? (d as unknown as SpaceSummary) : null;
      const id = e.spaceId ?? sp?.id;
      if (!id) return s;
      return { ...s, spaces: sp ? upsert(s.spaces, sp) : s.spaces, joined: [...s.joined.filter((j) => j !== id), id] };
    }
  }
  return s;
}

/** Spaces by name (case-insensitive), then id. */
export function sortSpaces(list: SpaceSummary[]): SpaceSummary[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id.localeCompare(b.id));
}

function upsert(list: SpaceSummary[], sp: SpaceSummary): SpaceSummary[] {
  const pick = {
    id: sp.id, name: sp.name, private: sp.private, roles: sp.roles, founder: sp.founder,
    members: sp.members, sync: sp.sync, ...(sp.joining ? { joining: sp.joining } : {}),
    ...(sp.removed ? { removed: sp.removed } : {}), // the Sync page and Spaces say "Removed" from it (issue 8)
  } as SpaceSummary;
  return sortSpaces([...list.filter((x) => x.id !== sp.id), pick]);
}

function withSync(list: SpaceSummary[], sync: SyncStatus): SpaceSummary[] {
  const by = new Map((sync.spaces ?? []).map((x) => [x.spaceId, x.state]));
  return list.map((sp) => (by.has(sp.id) ? { ...sp, sync: by.get(sp.id)! } : sp));
}

function isObj(d: unknown): d is Record<string, unknown> {
  return typeof d === "object" && d !== null && !Array.isArray(d);
}

// Invite links opened from another app (issue 8): `minca minca:…` hands the
// link to the running window (app/instance), which sends an "invite" event
// {link, id}. The event is kept for later subscribers, so a reconnect or a
// reload delivers it again: its id tells a new hand-off from one handled.

/** A link another app opened, as the "invite" event carries it. */
export interface OpenedLink {
  link: string;
  id: string;
}

/** Links waiting to be shown, and the ids of those taken already. */
export interface LinkInbox {
  /** The invite link to show next; "" when none waits. */
  link: string;
  /** Ids of the hand-offs taken, newest last (at most seenKept). */
  seen: string[];
}

export const seenKept = 32;
export const noLinks: LinkInbox = { link: "", seen: [] };

/** The link of an "invite" event's data; null when malformed. An event without an id is its link. */
export function openedLink(d: unknown): OpenedLink | null {
  if (!isObj(d) || typeof d.link !== "string") return null;
  const link = d.link.trim();
  if (!link || link.length > maxLinkLen) return null;
  return { link, id: typeof d.id === "string" && d.id ? d.id : link };
}

/** Longest link taken: app/instance.MaxLinkLen. */
const maxLinkLen = (1 << 20) + 4096;

/** The inbox after an "invite" event: a new hand-off waits; one seen before, or malformed data, changes nothing. */
export function takeLink(inbox: LinkInbox, d: unknown): LinkInbox {
  const l = openedLink(d);
  if (!l || inbox.seen.includes(l.id)) return inbox;
  return { link: l.link, seen: [...inbox.seen, l.id].slice(-seenKept) };
}

/** The inbox once its link is shown. */
export function linkShown(inbox: LinkInbox): LinkInbox {
  return inbox.link ? { ...inbox, link: "" } : inbox;
}

/**
 * The space of spaces an invite leads to, when the account is a member of it already: it holds a role there
 * or founded it. A space held for a join not finished yet (joining), one held to read (a view-only invite)
 * and one the account was removed from are no member's.
 */
export function memberOf(spaces: SpaceSummary[], spaceId: string): SpaceSummary | undefined {
  const sp = spaceId ? spaces.find((x) => x.id === spaceId) : undefined;
  return sp && !sp.joining && !sp.removed && (sp.founder || (sp.roles ?? []).length > 0) ? sp : undefined;
}

/** The space of spaces the account holds to read (a view-only invite) or as a member; not one joining or removed from. */
export function readerOf(spaces: SpaceSummary[], spaceId: string): SpaceSummary | undefined {
  return spaceId ? spaces.find((x) => x.id === spaceId && !x.joining && !x.removed) : undefined;
}

/** The space of spaces held for a join this computer has not finished (SpaceSummary.joining). */
export function joiningOf(spaces: SpaceSummary[], spaceId: string): SpaceSummary | undefined {
  return spaceId ? spaces.find((x) => x.id === spaceId && x.joining) : undefined;
}

/**
 * Whether an invite previewed here can reach nobody: its link names no
 * computer to join through (the inviter's accepted no connections when it
 * was made), and this account does not hold the space, so it knows no other.
 */
export function namesNoComputer(spaces: SpaceSummary[], spaceId: string, nodes?: string[] | null): boolean {
  return !(nodes?.length) && !spaces.some((x) => x.id === spaceId);
}

/** Who a join waits for, as "Ana's computer" (the inviter's name, when known). */
export function waitingFor(sp: SpaceSummary): string {
  const name = sp.joining?.inviterName?.trim();
  return name ? `${name}'s computer` : "the inviter's computer";
}
