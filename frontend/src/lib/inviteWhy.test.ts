import { describe, expect, it } from "vitest";
import { inviteWhy } from "./inviteWhy";

// Words a person should not meet outside "Technical details" (03's rules, encodings, account ids).
const jargon = ["§", "03 ", "base64", "did:key", "invitation", "parse", "cjson", "bodyHash", "sys."];

describe("inviteWhy", () => {
  it("says what is wrong with a damaged link in plain words", () => {
    expect(inviteWhy("invite-parse")).toMatch(/^The link is not whole/);
    expect(inviteWhy("invite-loose")).toMatch(/signature/);
    expect(inviteWhy("invite-space")).toMatch(/description is damaged/);
    for (const r of ["parse", "too-long", "secret", "no-secret", "loose", "note", "body", "key", "role", "lists", "not-allowed", "space", "public-key", "unreadable", "new-one"]) {
      const w = inviteWhy("invite-" + r);
      expect(w, r).toMatch(/^[A-Z].*\.$/);
      for (const j of jargon) expect(w, r).not.toContain(j);
    }
  });
  it("says nothing for an error that is no refused link", () => {
    expect(inviteWhy("")).toBe("");
    expect(inviteWhy("no-grant")).toBe("");
  });
});
