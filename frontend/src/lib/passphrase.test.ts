import { describe, expect, it } from "vitest";
import { ApiError } from "./host";
import { keychainMissing, MinPassphraseLength, newPassphraseProblem, typingProblem } from "./passphrase";

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

describe("typingProblem", () => {
  it("says nothing before anything is typed", () => {
    expect(typingProblem("", "")).toBe("");
  });
  it("says the length while the passphrase is too short", () => {
    expect(typingProblem("seven!!", "")).toMatch(/at least 8 characters/);
  });
  it("waits for the second field to be complete before saying they differ", () => {
    expect(typingProblem("correct horse", "correct")).toBe("");
    expect(typingProblem("correct horse", "correct house")).toMatch(/differ/);
    expect(typingProblem("correct horse", "correct horse")).toBe("");
  });
});

describe("keychainMissing", () => {
  it("is the node's no-keychain reasons only", () => {
    expect(keychainMissing(new ApiError("no keychain is usable on this system", "unavailable", "", "", "need-passphrase"))).toBe(true);
    expect(keychainMissing(new ApiError("no keychain is usable", "locked", "", "", "no-keychain"))).toBe(true);
  });
  it("is not a data folder out of reach, though its code is unavailable too", () => {
    const folder = new ApiError("Minca cannot reach something it needs right now.", "unavailable", "", "data folder /etc/passwd: mkdir /etc/passwd: not a directory");
    expect(keychainMissing(folder)).toBe(false);
    expect(keychainMissing(new ApiError("the account is locked", "locked"))).toBe(false);
    expect(keychainMissing(new Error("x"))).toBe(false);
  });
});
