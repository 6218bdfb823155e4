// Who joined through an open role invite, in the words of the invite list (Invites.svelte). A join is an assignment
// the invite signed (03 §7.3): invite.joined counts every account that ever joined through it, those who have since
// left or were removed too, so the number is how many people the link brought in; stillMembers says how many of
// them are members now, whenever that differs.
import type { Invite } from "./api";

/** "Nobody yet", "2 joined (Ben, Cara)", "3 joined (Ben, Cara, …), 2 still members", "1 joined (Ben), no longer a member". */
export function joinedWords(inv: Pick<Invite, "joined" | "stillMembers" | "joinedNames">): string {
  const n = inv.joined ?? 0;
  if (!n) return "Nobody yet";
  const named = inv.joinedNames ?? [];
  const names = named.length ? ` (${named.join(", ")}${named.length < n ? ", …" : ""})` : "";
  return `${n} joined${names}${stillWords(n, Math.min(inv.stillMembers ?? 0, n))}`;
}

/** How many of n who joined are members still, when not all of them are. */
function stillWords(n: number, still: number): string {
  if (still === n) return "";
  if (still === 0) return n === 1 ? ", no longer a member" : ", none still members";
  return `, ${still} still ${still === 1 ? "a member" : "members"}`;
}
