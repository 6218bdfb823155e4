// What the parts of the space page share: how they run an action and what a role means.
import type { Member, SpaceDetail } from "../../lib/api";

/** Runs an action with the page busy, says `done` once it worked, then loads the page anew. */
export type Act = (f: () => Promise<unknown>, done?: string) => Promise<void>;

/** A step the page asks the person to confirm first ("forget": remove a space this account lost its place in from this computer). */
export type Ask = { kind: "remove"; m: Member } | { kind: "leave" } | { kind: "stepdown" } | { kind: "forget" };

/** What a role lets its holder do, in the node's sentence ("" for a role the space does not define). */
export function roleAbout(space: SpaceDetail, name: string): string {
  return space.spaceRoles?.find((r) => r.name === name)?.title ?? "";
}
