// Package runtime is the embedded node: the in-process implementation of
// node/api's Node (issue 7). It opens the account (keys unwrapped from the
// vault of the data folder through the OS keychain, or a passphrase: 01 §12,
// 05 §14), holds the spaces the account belongs to (03 §1, §13.2), writes
// versions signed by a per-run session key under a note from the account
// (01 §7, core/note), and keeps each space's store (node/versions) and replay
// (node/syncer's Space over core/access) in step.
//
// Files by concern: node.go (construction, status), state.go (what survives a
// restart), account.go (01, 03 §11), spaces.go (03 §1, §6.2), writer.go
// (signing versions), members.go (03 §2, §6), invites.go (03 §7),
// records.go (02), folder.go (05 §14), sync.go and hub.go (05 §4–§9), watch.go.
//
// Choices where the spec is silent (the node's own):
//   - The session key is fresh at every unlock and lives only in memory; the
//     account's note delegates "/" to it without expiry. Nothing secret is
//     written in the clear: the seed stays in the vault's wraps.
//   - The node's own state (data folder chosen, account id, spaces held) is
//     state.json in the profile directory of node/paths; versions are in one
//     SQLite store per space under spaces/ there (never in the data folder).
package runtime
