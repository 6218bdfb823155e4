// Package vault is an account's files in a data folder (05 §14.1, §14.6;
// docs/spec/01-identity.md §12–§13): the account list accounts.json, readable
// without unlocking, and the locked vault accounts/<id>/account.json with its
// wraps — a passphrase wrap, a device wrap whose key lives in the OS keychain
// (package keychain, through the Keychain interface: node does not import
// it), and opening with the recovery code. After any unwrap the
// seed's DID is checked against the vault's.
//
// Choices where 01/05 are silent:
//   - accounts.json whose version is not 1, or that is not JSON, lists no
//     account (ErrFormat); rows that are not objects, with a bad id, another
//     dataPath, or a did that is not a did:key, are skipped and counted.
//     Two rows with one DID: the most recently used is kept.
//   - account.json must have version 2, a did:key did, and an id that is the
//     directory's; a wrap that is malformed (bad base64url, wrong lengths,
//     unknown kind, iterations outside [MinIterations, MaxIterations]) is
//     skipped and counted, so a vault with only bad wraps still opens with
//     the recovery code.
//   - A new passphrase has at least MinPassphraseLen (8) characters
//     (AddPassphrase refuses a shorter one, ErrShortPassphrase); opening
//     applies no such rule, so vaults locked before it stay openable.
//   - Opening refuses iterations below 600,000 (the floor Weave planned) and
//     above 10,000,000 (so a planted wrap cannot hang an unlock).
//   - A device wrap's key is 32 random bytes kept in the keychain under the
//     name "device-wrap:<deviceKeyId>"; the wrap's rpId is
//     "minca-desktop:<deviceKeyId>", so each device has its own and the rule
//     "at most one device wrap per rpId" holds when two devices share a
//     vault. Wraps written with the rpId "minca-desktop" alone still open.
//     Adding a device wrap replaces this device's earlier ones (those whose
//     key its keychain holds), on disk too.
//     If the keychain is unavailable (its Probe or Set fails, e.g. with
//     *keychain.UnavailableError) adding or opening a device wrap fails with
//     that error wrapped, and the caller falls back to the passphrase or the
//     recovery code.
//   - Wraps carry no AAD, as the reference's do (the vector needs it).
//   - Writers re-read a file just before replacing it and write it through a
//     .tmp name; two clients writing at once: the last rename wins (no locks).
package vault
