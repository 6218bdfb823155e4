import { describe, expect, it } from "vitest";
import { inviterOf } from "./inviter";

const did = "did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB";

describe("inviterOf", () => {
  it("names the inviter by the link's name, with their id beside it, and says it is unchecked", () => {
    const w = inviterOf({ invitedBy: did, inviterName: "Ana", inviterNameFrom: "link" });
    expect(w.name).toBe("Ana");
    expect(w.id).toBe("did:key:zDna…G2sB");
    expect(w.claimed).toBe(true);
    expect(w.note).toMatch(/link says.*Ana.*cannot check/);
  });
  it("names the inviter by a profile in a shared space, checked", () => {
    const w = inviterOf({ invitedBy: did, inviterName: "Ana", inviterNameFrom: "profile" });
    expect(w).toMatchObject({ name: "Ana", id: "did:key:zDna…G2sB", claimed: false });
    expect(w.note).toMatch(/space you share/);
  });
  it("without a name, the shortened account id is the name and nothing is claimed", () => {
    for (const name of [undefined, "", "  "]) {
      expect(inviterOf({ invitedBy: did, inviterName: name })).toEqual({ name: "did:key:zDna…G2sB", id: "", note: "", claimed: false });
    }
  });
  it("a name of unknown origin is treated as a claim", () => {
    expect(inviterOf({ invitedBy: did, inviterName: "Ana" }).claimed).toBe(true);
  });
});
