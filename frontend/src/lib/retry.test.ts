import { describe, expect, it } from "vitest";
import { retryWords } from "./retry";

describe("retryWords", () => {
  const min = 60e9;
  it("says an hour for the node's hour (api.Removal.retryEvery)", () => {
    expect(retryWords(60 * min)).toBe("in about an hour");
  });
  it("says minutes, hours, or nothing when the node gives none", () => {
    expect(retryWords(10 * min)).toBe("in about 10 minutes");
    expect(retryWords(30e9)).toBe("in a minute");
    expect(retryWords(3 * 60 * min)).toBe("in about 3 hours");
    expect(retryWords(undefined)).toBe("");
    expect(retryWords(0)).toBe("");
  });
});
