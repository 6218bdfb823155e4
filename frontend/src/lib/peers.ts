// Who a peer is, as a person reads it (node/api PeerStatus, docs/spec/06-nodes.md
// §1.7): the person first — one of your own computers, a keeper the space names,
// a member by their profile name, a member without one, or a computer not yet
// known — and its address and key (and an unnamed member's account) as detail.
import type { PeerStatus } from "./api";
import { shortDID } from "./format";

/** A peer as the Sync page and a space's page show it. */
export interface PeerWho {
  /** The person or role, first: "Ana's computer", "Ana (keeps the space)", "A computer you don't know yet". */
  name: string;
  /** The address, or the shortened key when there is none. */
  detail: string;
  /** The member's shortened account id when the name does not say who ("" otherwise): detail too. */
  account: string;
}

/** The keeper's name a person reads: the host of a node URL (the desktop names keepers so), else the name. */
export function keeperLabel(name: string): string {
  try {
    const u = new URL(name);
    if (u.host) return u.host;
  } catch {
    // not a URL: the name the space gave it
  }
  return name;
}

export function peerWho(p: PeerStatus): PeerWho {
  const detail = p.url || shortDID(p.did);
  const person = p.profileName?.trim();
  let name: string;
  if (p.own) name = "Your other computer";
  else if (p.keeper) name = `${person || keeperLabel(p.keeper)} (keeps the space)`;
  else if (person) name = `${person}'s computer`;
  else if (p.account) name = "A member's computer";
  else name = "A computer you don't know yet";
  const account = p.account && !p.own && !person ? shortDID(p.account) : "";
  return { name, detail, account };
}
