// Who invited, as the Join screen says it: a name when there is one, the
// shortened account id beside it, and how far the name can be trusted.
import type { InvitePreview } from "./api";
import { shortDID } from "./format";

export interface Inviter {
  /** The name to show first: theirs, or their shortened account id. */
  name: string;
  /** The shortened account id, as secondary detail ("" when name is already it). */
  id: string;
  /** Where the name comes from, in people's words ("" when there is no name). */
  note: string;
  /** The name is only what the link says. */
  claimed: boolean;
}

/** Who invited, from a preview (node/api InvitePreview, docs/spec/03-choices.md). */
export function inviterOf(p: Pick<InvitePreview, "invitedBy" | "inviterName" | "inviterNameFrom">): Inviter {
  const id = shortDID(p.invitedBy);
  const name = p.inviterName?.trim() ?? "";
  if (!name) return { name: id, id: "", note: "", claimed: false };
  if (p.inviterNameFrom === "profile") {
    return { name, id, note: `${name} is a member of a space you share: Minca knows this name.`, claimed: false };
  }
  return {
    name,
    id,
    note: `The link says it comes from ${name}. Minca cannot check that name before you join: if you did not expect this invite, ask them.`,
    claimed: true,
  };
}
