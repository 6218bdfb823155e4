import { describe, expect, it } from "vitest";
import type { Member, SpaceDetail } from "./api";
import { blockedWhy, covers, onlyWho, rolesGranting } from "./rights";

const role = (name: string, commands: string[]) => ({ name, commands, founding: true });
const space = (roles: ReturnType<typeof role>[], may?: SpaceDetail["may"]) =>
  ({ id: "s", name: "Club", private: false, founder: false, members: 2, sync: "synced", createdAt: "", roles: [], spaceRoles: roles, peers: [], may }) as SpaceDetail;
const member = (founder: boolean) => ({ did: "did:key:z", profileName: "", roles: [], founder, pending: false, self: false }) as Member;

const club = space([role("moderator", ["/role", "/member/remove", "/record"]), role("member", ["/record/write", "/record/read"]), role("guest", ["/record/read"])]);

describe("rights words", () => {
  it("reads command paths as the grants do", () => {
    expect(covers("/", "/member/remove")).toBe(true);
    expect(covers("/role", "/role/assign")).toBe(true);
    expect(covers("/role", "/roles/x")).toBe(false);
    expect(covers("/record", "/role/assign")).toBe(false);
    expect(rolesGranting(club, "/role/assign")).toEqual(["moderator"]);
  });
  it("names the founder and the roles that can", () => {
    expect(onlyWho(club, [member(true), member(false)], ["/role/assign", "/member/remove"], "give roles or remove members")).toBe(
      "Only the founder and moderators can give roles or remove members.",
    );
    const team = space([role("admin", ["/"]), role("member", ["/record"])]);
    expect(onlyWho(team, [member(false)], ["/member/remove"], "remove members")).toBe("Only admins can remove members.");
    expect(onlyWho(space([role("Grower", ["/"])]), [], ["/member/remove"], "remove members")).toBe("Only people with the Grower role can remove members.");
    expect(onlyWho(space([role("member", ["/record"])]), [], ["/member/remove"], "remove members")).toBe("No one in this space can remove members any more.");
  });
  it("says why this computer may change nothing", () => {
    expect(blockedWhy(space([], { blocked: "no-key" } as SpaceDetail["may"]))).toMatch(/current key/);
    expect(blockedWhy(space([], { blocked: "removed" } as SpaceDetail["may"]))).toMatch(/removed from this space/);
    expect(blockedWhy(space([]))).toBe("");
  });
});
