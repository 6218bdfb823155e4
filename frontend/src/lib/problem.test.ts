import { describe, expect, it } from "vitest";
import { ApiError, asApiError } from "./host";
import { problemOf } from "./problem";

describe("problemOf", () => {
  it("shows the node's words and keeps its own text as the detail", () => {
    const e = asApiError({ code: "forbidden", message: "Your roles in this space do not allow that change.", hint: "Ask an admin.", detail: "did:key:z may not /member/remove", reason: "no-grant" });
    expect(e.reason).toBe("no-grant");
    expect(problemOf(e)).toEqual({ text: "Your roles in this space do not allow that change.", hint: "Ask an admin.", detail: "did:key:z may not /member/remove" });
  });
  it("reads the detail from the window's JSON text too", () => {
    const wire = JSON.stringify({ code: "keychain_only", message: "Use your recovery code.", detail: "no passphrase wrap" });
    const p = problemOf(asApiError(new Error(wire)));
    expect(p).toEqual({ text: "Use your recovery code.", hint: "", detail: "no passphrase wrap" });
  });
  it("never heads with a text no code came with", () => {
    const p = problemOf(asApiError("bad or missing token"));
    expect(p.text).not.toContain("token");
    expect(p.detail).toBe("bad or missing token");
    expect(problemOf(new ApiError("no method ChooseFolder", "missing")).detail).toBe("no method ChooseFolder");
    expect(problemOf(new ApiError("no method ChooseFolder", "missing")).text).not.toContain("method");
  });
  it("says in plain words what is wrong with a refused invite link, its technical text apart", () => {
    const detail = "invite refused (loose, 03 §7.4 check 1): record: body does not hash to bodyHash";
    const why = "The link was changed after it was made: what it says no longer matches its signature.";
    const p = problemOf(asApiError({ code: "invalid", message: "This invite link does not hold together.", detail, reason: "invite-loose", why }));
    expect(p.text).toBe("This invite link does not hold together.");
    expect(p.why).toBe(why);
    expect(p.detail).toBe(detail);
    expect(problemOf(asApiError({ code: "forbidden", message: "No.", reason: "no-grant" })).why).toBeUndefined();
  });
  it("shows the page's own sentences as they are", () => {
    expect(problemOf(new Error("This computer does not accept connections yet."))).toEqual({ text: "This computer does not accept connections yet.", hint: "", detail: "" });
  });
});
