import { describe, expect, it } from "vitest";
import type { PeerStatus } from "./api";
import { keeperLabel, peerWho } from "./peers";

const did = "did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB";
const acct = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd";
const peer = (more: Partial<PeerStatus>): PeerStatus =>
  ({ did, state: "connected", spaces: ["s"], since: "", dropped: 0, ...more }) as PeerStatus;

describe("who a peer is", () => {
  it("names the person first, the address as detail", () => {
    expect(peerWho(peer({ account: acct, profileName: " Ana ", url: "ws://127.0.0.1:4000/peer" }))).toEqual({
      name: "Ana's computer",
      detail: "ws://127.0.0.1:4000/peer",
      account: "",
    });
  });
  it("says one of your own computers, a keeper, a member without a name, a stranger", () => {
    expect(peerWho(peer({ account: acct, profileName: "Me", own: true })).name).toBe("Your other computer");
    expect(peerWho(peer({ account: acct, profileName: "Ana", keeper: "wss://host.example:443/peer" })).name).toBe("Ana (keeps the space)");
    expect(peerWho(peer({ keeper: "wss://host.example:443/peer" })).name).toBe("host.example (keeps the space)");
    expect(peerWho(peer({ account: acct }))).toEqual({ name: "A member's computer", detail: "did:key:zDna…G2sB", account: "did:key:zDna…piwd" });
    expect(peerWho(peer({}))).toEqual({ name: "A computer you don't know yet", detail: "did:key:zDna…G2sB", account: "" });
  });
  it("reads a keeper's name as a host when it is a node URL", () => {
    expect(keeperLabel("ws://127.0.0.1:4001/peer")).toBe("127.0.0.1:4001");
    expect(keeperLabel("Office server")).toBe("Office server");
  });
});
