import { describe, expect, it } from "vitest";
import { checkGroups, codeProblem, groups, normalise, ordinal, pickGroups } from "./recovery";

const code = "0123-4567-89AB-CDEF-GHJK-MNPQ-RS";

describe("recovery code check", () => {
  it("splits the code into its seven groups", () => {
    expect(groups(code)).toEqual(["0123", "4567", "89AB", "CDEF", "GHJK", "MNPQ", "RS"]);
    expect(groups(" 0123 4567 ")).toEqual(["0123", "4567"]);
  });
  it("picks two distinct sorted groups among the first six", () => {
    for (const [r1, r2] of [[0, 0], [0.99, 0.99], [0.5, 0.1], [0.1, 0.5], [0.99, 0]]) {
      const seq = [r1, r2];
      const [a, b] = pickGroups(code, () => seq.shift()!);
      expect(a).toBeLessThan(b);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(5);
    }
  });
  it("accepts the right groups typed loosely, refuses wrong ones", () => {
    expect(checkGroups(code, [1, 4], ["4567", "ghjk"])).toBe(true);
    expect(checkGroups(code, [0, 2], [" 0i23", "89ab"])).toBe(true); // I read as 1
    expect(checkGroups(code, [1, 4], ["4567", "GHJX"])).toBe(false);
    expect(checkGroups(code, [1, 4], ["4567"])).toBe(false);
    expect(checkGroups(code, [], [])).toBe(false);
    expect(checkGroups(code, [9], ["0123"])).toBe(false);
  });
  it("normalises like the node reads a code", () => {
    expect(normalise("o1l-i ")).toBe("0111");
  });
  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  });
});

describe("codeProblem", () => {
  it("says a word is not a recovery code, and what one looks like", () => {
    const p = codeProblem("hello");
    expect(p).toMatch(/^That is not a recovery code/);
    expect(p).toContain("26 letters and digits in groups of four");
  });
  it("counts what was typed when it is too short or too long", () => {
    expect(codeProblem("0123-4567")).toContain("it has 8 letters and digits, not 26");
    expect(codeProblem(code + "X")).toContain("it has 27");
  });
  it("names characters no code has", () => {
    expect(codeProblem("0123-4567-89AB-CDEF-GHJK-MNPQ-R#")).toContain("“#”");
  });
  it("takes a code typed loosely, as the node does", () => {
    expect(codeProblem(code)).toBe("");
    expect(codeProblem(" o123 4567 89ab cdef ghjk mnpq rs ")).toBe("");
    expect(codeProblem("0I23-4567-89AB-CDEF-GHJK-MNPQ-RS")).toBe("");
    expect(codeProblem("")).toBe("");
  });
});
