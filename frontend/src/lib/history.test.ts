import { describe, expect, it } from "vitest";
import type { Member } from "./api";
import { changeSentence, historyNames, reasonSentence, refSentence, type Change } from "./history";

const ana = "did:key:zDnaeAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAnaAna1";
const ben = "did:key:zDnaeBenBenBenBenBenBenBenBenBenBenBenBenBen2";
const cara = "did:key:zDnaeCaraCaraCaraCaraCaraCaraCaraCaraCaraCar3";

function line(over: Partial<Change>): Change {
  return { id: "e1", author: ben, kind: "assign", summary: "", createdAt: "", status: "applied", ...over };
}

const anaMember: Member = { did: ana, profileName: "Ana", roles: ["admin"], founder: true, pending: false, self: true };

describe("access history names", () => {
  it("keeps the names of former members, from the lines that mention them", () => {
    const names = historyNames([anaMember], [line({ names: { [ben]: "Ben", [ana]: "Old Ana" } })]);
    expect(names.get(ben)).toBe("Ben");
    expect(names.get(ana)).toBe("Ana"); // a member's current profile wins
  });
  it("never capitalises an account id", () => {
    const names = historyNames([], []);
    const s = changeSentence(line({ action: "join", subject: ben, role: "member", summary: `${ben} joined as member through an invite` }), names);
    expect(s).toBe("did:key:zDna…Ben2 joined as Member through an invite");
    expect(changeSentence(line({ summary: `${ben} did a thing` }), names)).toBe("did:key:zDna…Ben2 did a thing");
    expect(changeSentence(line({ summary: "a relays change" }), names)).toBe("A relays change");
  });
});

describe("access history sentences", () => {
  const names = new Map([
    [ana, "Ana"],
    [ben, "Ben"],
    [cara, "Cara"],
  ]);
  it.each([
    [{ action: "join", subject: cara, role: "member" }, "Cara joined as Member through an invite"],
    [{ action: "assign", subject: cara, role: "admin" }, "Cara was given the Admin role"],
    [{ action: "unassign", subject: cara, role: "admin" }, "Cara no longer has the Admin role"],
    [{ action: "leave-role", subject: ben, role: "admin" }, "Ben left the Admin role"],
    [{ action: "remove", subject: cara }, "Cara was removed"],
    [{ action: "leave", subject: ben }, "Ben left the space"],
    [{ action: "open-invite", role: "member" }, "An invite to the Member role was created"],
    [{ action: "define-role", role: "editor" }, "The Editor role was defined"],
  ] as [Partial<Change>, string][])("%o", (over, want) => {
    expect(changeSentence(line(over), names)).toBe(want);
  });

  it("says what struck a change, by name", () => {
    const c = line({ action: "open-invite", role: "member", status: "struck",
      why: { kind: "struck", by: [{ id: "u1", author: ana, action: "unassign", subject: ben, role: "admin" }] } });
    expect(reasonSentence(c, names)).toBe("Struck: Ana took the Admin role from Ben, which undoes what Ben did at the same time.");
    const removed = line({ why: { kind: "struck", by: [{ id: "r1", author: ana, action: "remove", subject: ben }] } });
    expect(reasonSentence(removed, new Map([[ana, "Ana"]]))).toBe(
      "Struck: Ana removed did:key:zDna…Ben2, which undoes what did:key:zDna…Ben2 did at the same time.");
    const closed = line({ action: "join", why: { kind: "struck", by: [{ id: "i1", author: ana, action: "close-invite" }] } });
    expect(reasonSentence(closed, names)).toBe("Struck: Ana closed the invite, which undoes joining through it.");
    expect(refSentence({ id: "x" }, names)).toBe("a change this computer does not hold");
    expect(refSentence({ id: "o1", author: ana, action: "open-invite", role: "member" }, names)).toBe("Ana created an invite to the Member role");
    expect(refSentence({ id: "g1", author: ana, action: "assign", subject: ben }, names)).toBe("Ana gave Ben a role");
  });

  it("says what a change rested on", () => {
    const c = line({ author: cara, action: "remove", subject: ana,
      why: { kind: "rests-on-struck", code: "no-grant", account: cara, by: [{ id: "a1", author: ben, action: "assign", subject: cara, role: "admin" }] } });
    expect(reasonSentence(c, names)).toBe(
      "Struck: it rested on a change that was struck (Ben gave Cara the Admin role), and without it Cara did not have the right to do this.");
  });

  it.each([
    [{ why: { kind: "refused", code: "no-grant", account: ben } }, "Refused: Ben did not have the right to do this."],
    [{ action: "join", author: cara, why: { kind: "refused", code: "no-grant", account: ana } },
      "Refused: Ana, who created the invite, did not have the right to give this role."],
    [{ action: "remove", subject: cara, why: { kind: "refused", code: "not-member", account: cara } }, "Refused: Cara was not a member."],
    [{ action: "assign", subject: ana, why: { kind: "refused", code: "founder", account: ana } },
      "Refused: Ana is a founder: only they change their own roles or leave."],
    [{ action: "join", why: { kind: "refused", code: "invite-closed" } }, "Refused: the invite was closed."],
    [{ role: "ghost", why: { kind: "refused", code: "no-such-role" } }, "Refused: there was no Ghost role."],
    [{ why: { kind: "waiting", waitingFor: ["a", "b"] } }, "Waiting for 2 changes this computer does not hold yet."],
    [{}, ""],
  ] as [Partial<Change>, string][])("refusals and waiting: %o", (over, want) => {
    expect(reasonSentence(line(over), names)).toBe(want);
  });
});
