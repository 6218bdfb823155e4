// A new passphrase as the first-run form takes it: long enough to resist
// guessing (it guards the account key in a data folder that may sit in
// Dropbox), and typed the same twice.

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
