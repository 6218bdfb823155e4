// Words the UI shows for what the Go side reports.

export interface FolderState {
  label: string;
  tone: "neutral" | "good" | "warn";
  hint: string;
}

/** What the data folder is, in a label and a sentence. Mirrors app.FolderState. */
export function folderState(s: { dataFolderChosen: boolean; dataFolderExists?: boolean }): FolderState {
  if (s.dataFolderChosen && s.dataFolderExists) {
    return { label: "In use", tone: "good", hint: "Your account's data lives here." };
  }
  if (s.dataFolderChosen) {
    return { label: "Missing", tone: "warn", hint: "The folder you chose is not there. Is a drive unplugged?" };
  }
  return {
    label: s.dataFolderExists ? "Default, not chosen yet" : "Default, not created yet",
    tone: "neutral",
    hint: "Minca suggests this folder. Nothing is written there until you choose it.",
  };
}

/**
 * What "Sync now" says on a space in this sync state: that it syncs, or,
 * when no other computer of the space is reachable, that there is no one
 * to sync with (not "Syncing now." beside "No one to sync with").
 */
export function syncNowSaid(state: string | undefined): string {
  if (state === "offline") {
    return "No one to sync with right now: no other computer of this space is reachable. Minca keeps trying by itself.";
  }
  return "Syncing now.";
}

/**
 * Whether leaving would leave the space with no members: no one else is a
 * member, pending or not.
 */
export function lastMember(members: { self: boolean }[]): boolean {
  return !members.some((m) => !m.self);
}

/** A space's or the node's sync state in a word and a tone. */
export function syncWord(state: string): { label: string; tone: "neutral" | "good" | "warn" } {
  switch (state) {
    case "synced":
      return { label: "Up to date", tone: "good" };
    case "syncing":
      return { label: "Syncing", tone: "neutral" };
    case "paused":
      return { label: "Paused", tone: "warn" };
    case "offline":
      return { label: "No one to sync with", tone: "warn" };
    default:
      return { label: state || "Unknown", tone: "neutral" };
  }
}

/**
 * A space's state as its badge says it: "Removed" once this account lost its place (SpaceSummary.removed), the
 * same on the Spaces list, the space's page and the Sync page; else its sync state (syncWord).
 */
export function spaceWord(sync: string, removed: unknown): { label: string; tone: "neutral" | "good" | "warn" } {
  return removed ? { label: "Removed", tone: "warn" } : syncWord(sync);
}

/** A peer connection's state for people. */
export function peerWord(state: string): string {
  return { connected: "Connected", connecting: "Connecting…", backoff: "Retrying soon", refused: "Doesn't let this computer in",
    dropped: "Cut off: it sent bad messages", "turned-away": "Not let in here" }[state] ?? state;
}

/** Bytes in B, KB, MB, GB (powers of 1000, one decimal below 10). */
export function bytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return "—";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i++;
  }
  const digits = i === 0 || n >= 9.95 ? 0 : 1;
  return `${n.toFixed(digits)} ${units[i]}`;
}

/** "1 change" / "3 changes". */
export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** First-sync progress in real units, or "" when nothing is left to fetch. */
export function progress(toFetch: number, bytesIn: number, held: number): string {
  if (toFetch <= 0) return "";
  const total = toFetch + held;
  const pct = total > 0 ? Math.floor((held / total) * 100) : 0;
  return `${plural(toFetch, "change")} still to fetch · ${bytes(bytesIn)} received · ${pct}%`;
}

/** A did:key shortened for reading: did:key:zDna…Xy12. */
export function shortDID(did: string): string {
  if (!did.startsWith("did:key:") || did.length <= 24) return did;
  return `${did.slice(0, 12)}…${did.slice(-4)}`;
}

/** A person's name, or their shortened account id when they have none. */
export function personName(name: string | undefined, did: string): string {
  return name?.trim() ? name.trim() : shortDID(did);
}

/** Space templates and what each one gives, in a sentence. */
export const templates = [
  { id: "team", label: "Team", about: "Admins who manage members, and members who all write." },
  { id: "club", label: "Club", about: "Moderators, members who write, and guests who only read." },
  { id: "notebook", label: "Notebook", about: "Just you: a place of your own, synced to your devices." },
] as const;

/** A role's name for people: its title, else the name capitalised. */
export function roleLabel(name: string, title?: string): string {
  if (title?.trim()) return title.trim();
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

/** An access-history status in words. */
export function changeStatus(status: string): { label: string; tone: "neutral" | "good" | "warn" } {
  switch (status) {
    case "applied":
      return { label: "Applied", tone: "good" };
    case "waiting":
      return { label: "Waiting", tone: "neutral" };
    case "struck":
      return { label: "Struck out", tone: "warn" };
    case "refused":
      return { label: "Refused", tone: "warn" };
    default:
      return { label: status, tone: "neutral" };
  }
}

/** A date as "2 Dec 2026, 17:43" in the reader's locale; "" for a zero time. */
export function when(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return "";
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A node sentence with every did:key in it replaced by the person's name (or its short form). */
export function withNames(text: string, names: Map<string, string>): string {
  return text.replace(/did:key:[1-9A-HJ-NP-Za-km-z]+/g, (did) => names.get(did) ?? shortDID(did));
}
