import { describe, expect, it } from "vitest";
import { joinedWords } from "./inviteJoined";

describe("who joined through an invite", () => {
  it("says nobody before anyone joined", () => {
    expect(joinedWords({})).toBe("Nobody yet");
    expect(joinedWords({ joined: 0, joinedNames: null })).toBe("Nobody yet");
  });

  it("counts and names those who joined, and says nothing more while all are members", () => {
    expect(joinedWords({ joined: 1, stillMembers: 1, joinedNames: ["Ben"] })).toBe("1 joined (Ben)");
    expect(joinedWords({ joined: 2, stillMembers: 2, joinedNames: ["Ben", "Cara"] })).toBe("2 joined (Ben, Cara)");
  });

  it("marks that some who joined have no profile name", () => {
    expect(joinedWords({ joined: 3, stillMembers: 3, joinedNames: ["Ben"] })).toBe("3 joined (Ben, …)");
    expect(joinedWords({ joined: 2, stillMembers: 2 })).toBe("2 joined");
  });

  it("keeps counting those who left or were removed, and says how many are members still", () => {
    expect(joinedWords({ joined: 3, stillMembers: 2, joinedNames: ["Ben", "Cara", "Dan"] })).toBe("3 joined (Ben, Cara, Dan), 2 still members");
    expect(joinedWords({ joined: 2, stillMembers: 1, joinedNames: ["Ben", "Cara"] })).toBe("2 joined (Ben, Cara), 1 still a member");
    expect(joinedWords({ joined: 1, joinedNames: ["Ben"] })).toBe("1 joined (Ben), no longer a member");
    expect(joinedWords({ joined: 2, stillMembers: 0, joinedNames: ["Ben", "Cara"] })).toBe("2 joined (Ben, Cara), none still members");
  });
});
