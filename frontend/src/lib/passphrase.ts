// A new passphrase as the first-run and restore forms take it (the node
// refuses a shorter one too: node/vault MinPassphraseLen): long enough to resist
// guessing (it guards the account key in a data folder that may sit in
// Dropbox), and typed the same twice.

import { ApiError } from "./host";

/** The fewest characters a new passphrase may have. */
export const MinPassphraseLength = 8;

/** Why a new passphrase is refused, in people's words, or "" when it is fine. */
export function newPassphraseProblem(pass: string, again: string): string {
  if ([...pass].length < MinPassphraseLength) {
    return `Choose a passphrase of at least ${MinPassphraseLength} characters: a short one is easy to guess.`;
  }
  if (pass !== again) return "The two passphrases differ. Type the same passphrase in both fields.";
  return "";
}

/**
 * What to say under the fields while a new passphrase is typed: nothing
 * before it is, the length while it is too short, and a difference once
 * the second field holds as many characters as the first.
 */
export function typingProblem(pass: string, again: string): string {
  if (!pass) return "";
  if ([...pass].length < MinPassphraseLength) return newPassphraseProblem(pass, pass);
  if ([...again].length >= [...pass].length && again !== pass) return newPassphraseProblem(pass, again);
  return "";
}

/**
 * Whether an error from creating or restoring an account means this
 * computer has no keychain Minca can use, so the key needs a passphrase: the
 * node says so by reason (node/api ReasonNeedPassphrase, ReasonNoKeychain),
 * never by code alone, since "unavailable" is also a data folder or a peer
 * out of reach.
 */
export function keychainMissing(e: unknown): boolean {
  const reason = e instanceof ApiError ? e.reason : "";
  return reason === "need-passphrase" || reason === "no-keychain";
}
