// What a join that cannot find its invite says (api.Joining.notFound): the
// space is synced with a connected computer of it, and no invite there
// matches the link's key (03 §7.1). Minca keeps trying all the same.
import type { SpaceSummary } from "./api";
import { waitingFor } from "./state";

/** Whether a join is synced with a computer of the space that has no invite matching its link. */
export function inviteNotFound(sp: SpaceSummary): boolean {
  return !!sp.joining && !sp.joining.closed && !!sp.joining.notFound;
}

/** The joining screen's words for a join whose invite is not found, naming the inviter when known. */
export function notFoundWords(sp: SpaceSummary): string {
  const computer = waitingFor(sp);
  const who = sp.joining?.inviterName?.trim() || "whoever sent it";
  return (
    `${computer[0].toUpperCase()}${computer.slice(1)} is connected, but it has no invite matching this link. ` +
    `The link may be damaged — ask ${who} to send it again — or the invite was never opened.`
  );
}

/** The Spaces list's short line for such a join. */
export const notFoundLine = "No invite matches this link: it may be damaged";
