// Who may do what in a space, in words: the one line a page shows where a person might look for a control
// this account may not use. Whether a control shows is the node's answer (SpaceDetail.may, Member.may,
// judged as the space judges changes); these words only name who could, from the roles' commands.
import type { Member, SpaceDetail } from "./api";

/** Commands the lines speak of (03 §2.3). */
export const cmdAssign = "/role/assign";
export const cmdRemove = "/member/remove";
export const cmdKeepers = "/space/keepers";

/** Whether a grant of command `grant` covers `cmd`: "/" covers all, "/role" covers "/role/assign". */
export function covers(grant: string, cmd: string): boolean {
  return grant === "/" || grant === cmd || cmd.startsWith(grant.endsWith("/") ? grant : grant + "/");
}

/** The roles of the space one of whose grants names a command covering `cmd` (their policies aside). */
export function rolesGranting(space: SpaceDetail, cmd: string): string[] {
  return (space.spaceRoles ?? []).filter((r) => (r.commands ?? []).some((g) => covers(g, cmd))).map((r) => r.name);
}

/** "admins", or "people with the Grower role" for a name that does not take an s. */
function holders(role: string): string {
  return /^[a-z]+$/.test(role) && !role.endsWith("s") ? `${role}s` : `people with the ${role} role`;
}

function list(parts: string[]): string {
  return parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** "Only the founder and admins can remove members." for `what` = "remove members". */
export function onlyWho(space: SpaceDetail, members: Member[], cmds: string[], what: string): string {
  const roles = (space.spaceRoles ?? []).map((r) => r.name).filter((name) => cmds.every((c) => rolesGranting(space, c).includes(name)));
  const who = roles.map(holders);
  if (members.some((m) => m.founder)) who.unshift(members.filter((m) => m.founder).length > 1 ? "the founders" : "the founder");
  if (!who.length) return `No one in this space can ${what} any more.`;
  return `Only ${list(who)} can ${what}.`;
}

/** Why this computer may change nothing in the space, or "" when it may. */
export function blockedWhy(space: SpaceDetail): string {
  switch (space.may?.blocked) {
    case "no-key":
      return "This computer does not have the space's current key yet, so it cannot change the space. Let it sync with another member's computer.";
    case "not-member":
      return "You can read this space but hold no place in it, so you cannot change it.";
    case "removed":
      return "You appear to have been removed from this space, so you cannot change it any more.";
    default:
      return "";
  }
}
