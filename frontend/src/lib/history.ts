// The access history in sentences with people's names (03 §4.6): what each change did, and why one was
// struck or refused, worded from the node's structured lines (node/api AccessChange, ChangeWhy).
import type { AccessChange, Member } from "./api";
import { personName, roleLabel, withNames } from "./format";

/** Another change of the history, by what it did (node/api ChangeRef). */
export interface ChangeRef {
  id: string;
  author?: string;
  action?: string;
  subject?: string;
  role?: string;
}

/** Why a change was dropped, or what it waits for (node/api ChangeWhy). */
export interface ChangeWhy {
  kind: "refused" | "struck" | "rests-on-struck" | "waiting" | string;
  code?: string;
  account?: string;
  by?: ChangeRef[];
  waitingFor?: string[];
}

/** A history line with the fields a screen words it from. */
export type Change = AccessChange & {
  action?: string;
  subject?: string;
  role?: string;
  why?: ChangeWhy;
  names?: Record<string, string>;
};

/** Names for every account the page mentions: members', then those each line gives (former members too). */
export function historyNames(members: Member[], history: Change[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const h of history) {
    for (const [did, name] of Object.entries(h.names ?? {})) if (name.trim()) names.set(did, name.trim());
  }
  for (const m of members) if (m.profileName?.trim()) names.set(m.did, m.profileName.trim());
  return names;
}

/** A person's name, or their short account id; never changed in case. */
export function who(did: string | undefined, names: Map<string, string>): string {
  if (!did) return "someone";
  return personName(names.get(did), did);
}

/** Capitalises a sentence only when it starts with one of our words, never a name or an account id. */
function upper(own: boolean, s: string): string {
  return own && s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** A role as the rest of the app names it ("the Admin role"); "a role" when the line names none. */
function theRole(role: string | undefined): string {
  return role ? `the ${roleLabel(role)} role` : "a role";
}

/** What a change did, as a sentence with names (its author is said apart). */
export function changeSentence(c: Change, names: Map<string, string>): string {
  const s = who(c.subject, names);
  const role = theRole(c.role);
  switch (c.action) {
    case "join":
      return `${s} joined as ${roleLabel(c.role ?? "")} through an invite`;
    case "assign":
      return `${s} was given ${role}`;
    case "unassign":
      return `${s} no longer has ${role}`;
    case "leave-role":
      return `${s} left ${role}`;
    case "remove":
      return `${s} was removed`;
    case "leave":
      return `${s} left the space`;
    case "stepdown":
      return `${s} stepped down as founder`;
    case "define-role":
      return upper(true, `${role} was defined`);
    case "open-invite":
      return upper(true, `an invite to ${role} was created`);
    case "close-invite":
      return upper(true, `an invite${c.role ? ` to ${role}` : ""} was closed`);
    case "change-key":
      return upper(true, "the space key was changed");
  }
  const text = withNames(c.summary, names);
  return upper(!c.summary.startsWith("did:"), text);
}

/** What a change that strikes others did, said with its author: "Ana took admin from Ben". */
export function refSentence(r: ChangeRef, names: Map<string, string>): string {
  const a = who(r.author, names);
  const s = who(r.subject, names);
  switch (r.action) {
    case "remove":
      return `${a} removed ${s}`;
    case "leave":
      return `${s} left the space`;
    case "unassign":
      return `${a} took ${theRole(r.role)} from ${s}`;
    case "leave-role":
      return `${s} left ${theRole(r.role)}`;
    case "stepdown":
      return `${s} stepped down as founder`;
    case "assign":
      return `${a} gave ${s} ${theRole(r.role)}`;
    case "join":
      return `${s} joined as ${roleLabel(r.role ?? "")}`;
    case "close-invite":
      return `${a} closed the invite`;
    case "open-invite":
      return `${a} created an invite to ${theRole(r.role)}`;
    case "define-role":
      return `${a} defined ${theRole(r.role)}`;
    case "revoke":
      return `${a} revoked the device key that signed it`;
    case "fork":
      return `${a} showed that the key that signed it was copied`;
  }
  return r.author ? `a change by ${a}` : "a change this computer does not hold";
}

/** Why a reduction's strike undoes what it undoes (03 §4.3 step 3), after "Ana removed Ben". */
function strikeTail(r: ChangeRef, names: Map<string, string>): string {
  switch (r.action) {
    case "remove":
    case "leave":
    case "unassign":
    case "leave-role":
    case "stepdown":
      return `, which undoes what ${who(r.subject, names)} did at the same time`;
    case "close-invite":
      return ", which undoes joining through it";
  }
  return "";
}

/** A refusal's code in words (03 §4.5), naming the account it is about. */
export function refusalSentence(c: Change, names: Map<string, string>): string {
  const w = c.why ?? { kind: "refused" };
  const acct = who(w.account ?? c.author, names);
  switch (w.code) {
    case "no-grant":
      if (c.action === "join" && w.account && w.account !== c.author) return `${acct}, who created the invite, did not have the right to give this role`;
      return `${acct} did not have the right to do this`;
    case "not-member":
      return `${acct} was not a member`;
    case "founder":
      return `${acct} is a founder: only they change their own roles or leave`;
    case "not-founder":
      return `${acct} was not a founder`;
    case "not-self":
      return `only ${acct} may step down for themselves`;
    case "assign-to-role":
      return "roles go to accounts, not to other roles";
    case "no-such-role":
      return c.role ? `there was no ${roleLabel(c.role)} role` : "there was no such role";
    case "not-held":
      return `${acct} did not hold ${theRole(c.role)}`;
    case "already-held":
      return `${acct} already held ${theRole(c.role)}`;
    case "no-invite":
      return "the invite did not exist";
    case "invite-closed":
      return "the invite was closed";
    case "invite-role":
      return "the invite was for another role";
    case "join-shape":
      return "a join gives the role to the one joining, and only that";
    case "public-space":
      return "a public space has no key to change";
    case "key-reused":
      return "that key was used before";
    case "bad-list":
      return "the list of relays or keepers was not valid";
  }
  return "it was not allowed";
}

/** Why a change did not apply, or what it waits for, with names; "" for an applied one. */
export function reasonSentence(c: Change, names: Map<string, string>): string {
  const w = c.why;
  if (!w) return c.reason ? withNames(c.reason, names) : "";
  const by = w.by ?? [];
  switch (w.kind) {
    case "struck":
      if (!by.length) return "Struck: a change it had not seen took its author's right away.";
      return `Struck: ${by.map((r) => refSentence(r, names) + strikeTail(r, names)).join("; and ")}.`;
    case "rests-on-struck":
      return `Struck: it rested on a change that was struck (${by.map((r) => refSentence(r, names)).join("; ")}), and without it ${refusalSentence(c, names)}.`;
    case "refused":
      return `Refused: ${refusalSentence(c, names)}.`;
    case "waiting":
      return `Waiting for ${(w.waitingFor ?? []).length === 1 ? "a change" : `${(w.waitingFor ?? []).length} changes`} this computer does not hold yet.`;
  }
  return c.reason ? withNames(c.reason, names) : "";
}
