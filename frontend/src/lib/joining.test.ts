import { describe, expect, it } from "vitest";
import type { SpaceSummary } from "./api";
import { inviteNotFound, notFoundWords } from "./joining";

const joining = (j: SpaceSummary["joining"]): SpaceSummary => ({
  id: "s", name: "Garden club", private: true, roles: [], founder: false, members: 1, sync: "synced", joining: j,
});

describe("a join whose invite is not found", () => {
  it("says Ana's computer has no invite matching the link", () => {
    const sp = joining({ invitedBy: "did:key:zAna", inviterName: "Ana", role: "member", notFound: true });
    expect(inviteNotFound(sp)).toBe(true);
    expect(notFoundWords(sp)).toBe(
      "Ana's computer is connected, but it has no invite matching this link. The link may be damaged — ask Ana to send it again — or the invite was never opened.",
    );
  });
  it("names the inviter's computer when no name is known", () => {
    const sp = joining({ invitedBy: "did:key:zAna", role: "member", notFound: true });
    expect(notFoundWords(sp)).toMatch(/^The inviter's computer is connected, .* ask whoever sent it to send it again/);
  });
  it("is not said of a join that waits, one closed, or no join", () => {
    expect(inviteNotFound(joining({ invitedBy: "a", role: "member" }))).toBe(false);
    expect(inviteNotFound(joining({ invitedBy: "a", role: "member", closed: true, notFound: true }))).toBe(false);
    expect(inviteNotFound(joining(null))).toBe(false);
  });
});
