import { describe, expect, it } from "vitest";
import { MinPassphraseLength, newPassphraseProblem } from "./passphrase";

describe("newPassphraseProblem", () => {
  it("refuses a passphrase shorter than the minimum, counting characters", () => {
    expect(newPassphraseProblem("short", "short")).toMatch(/at least 8 characters/);
    const seven = "é".repeat(MinPassphraseLength - 1); // 14 bytes, 7 characters
    expect(newPassphraseProblem(seven, seven)).toMatch(/at least/);
  });
  it("refuses two different passphrases", () => {
    expect(newPassphraseProblem("correct horse", "correct house")).toMatch(/differ/);
  });
  it("accepts a long enough passphrase typed twice", () => {
    expect(newPassphraseProblem("é".repeat(MinPassphraseLength), "é".repeat(MinPassphraseLength))).toBe("");
  });
});
