import { describe, expect, it } from "vitest";
import { isLoopback, reachLine } from "./reach";

const key = "did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB";

describe("who can reach this computer", () => {
  it("tells this computer only from a network address", () => {
    expect(isLoopback(`ws://127.0.0.1:4100/peer#${key}`)).toBe(true);
    expect(isLoopback("ws://[::1]:4100/peer")).toBe(true);
    expect(isLoopback("ws://localhost:4100/peer")).toBe(true);
    expect(isLoopback("wss://192.168.1.20:4100/peer")).toBe(false);
    expect(isLoopback("wss://host.example/peer")).toBe(false);
    expect(isLoopback("not a url")).toBe(false);
  });
  it("says who in words, nothing when it does not listen", () => {
    expect(reachLine(`ws://127.0.0.1:4100/peer#${key}`)).toBe("Other Minca accounts on this computer can reach this one.");
    expect(reachLine("wss://192.168.1.20:4100/peer")).toBe("Other computers on your network can reach this one.");
    expect(reachLine("")).toBe("");
    expect(reachLine(undefined)).toBe("");
  });
});
