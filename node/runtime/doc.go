// Package runtime is the embedded node: the in-process implementation of
// node/api's Node (issue 7). It opens the account (keys unwrapped from the
// vault of the data folder through the OS keychain, or a passphrase: 01 §12,
// 05 §14), holds the spaces the account belongs to and follows its registry
// (03 §1, §13.2), writes versions signed by a per-run session key under a
// note from the account (01 §7, core/note), keeps each space's store
// (node/versions, SQLite) judged by node/syncer's gatekeeper, and syncs
// through node/syncer over node/transport's sockets or an in-process Hub.
//
// Files by concern: node.go (construction, status), state.go (what survives
// a restart, in the profile's node store node/store; state_import.go takes
// an older build's state.json in once), account.go, restore.go and recoverycode.go (01, 03 §11), held.go (one space's
// store, gatekeeper and engine), replay.go and eventcache.go (its access
// history, 03 §4: replayed once and advanced by what the store takes in,
// each version checked once), spaces.go (03 §1, §6.2), writer.go (signing
// versions), members.go, roles.go, history.go (03 §2, §4.6, §6), invites.go,
// invitelinks.go and join*.go (03 §7; a kept join in the data folder's registry, 05 §12), records.go (02, 03 §5.2), private.go (03 §8–§9),
// registry.go (03 §13), folder.go, move.go and oldcopy.go (05 §14: the
// data folder, moving it, removing the old copy), folder_mirror*.go
// (05 §16: spaces as segments in the data folder; _setup, _push, _pull and
// _close by concern, pushed on close),
// member_checks.go (what a change to the members writes, checked before
// any is written), sync.go, net.go,
// hub.go, loop.go (05 §4–§9, 04), network.go and listen.go (04 §5.3: the
// network setting, whether other nodes may connect), keepers.go (03 §10:
// the hosts that keep a space), watch.go, removal.go (03 §9.2: how a
// removed node notices it lost its place). The role
// templates are package templates.
//
// Choices where the spec is silent (the node's own):
//   - The session key that signs versions is fresh at every unlock and lives
//     only in memory; the account's note delegates "/" to it without expiry,
//     so its writer lines start anew each run. The node's key on the wire
//     (and its engines' Self) is derived from the seed and a public random
//     node id kept in the state (labelNodeKey), so node URLs pinned by its
//     DID survive restarts without a key on disk.
//   - Nothing secret is written in the clear: the seed stays in the vault's
//     wraps (keychain device wrap and/or passphrase); the raw keys of private
//     spaces the node was handed (founding, invites, its own key changes) are
//     sealed in the node store with the account's local key (labelHeldKey). Keys
//     reached through boxes and earlier chains are rebuilt from the store.
//     The links of the role invites it made are sealed there too, until
//     their invite closes (invitelinks.go; docs/spec/06-nodes.md §1.5).
//   - A first run's recovery code is asked back (api.CreateAccount.CheckCode):
//     the account is written at once, and the node store, not the data folder,
//     keeps the mark that the code is unchecked until ConfirmRecoveryCode;
//     RecoveryCode derives the code again from the unlocked seed meanwhile
//     (recoverycode.go). FolderAccount reads a folder's account and what
//     opens it here (a passphrase wrap; this keychain's device key, tried)
//     before a restore asks for anything.
//   - No keychain and no passphrase: CreateAccount fails with CodeUnavailable;
//     a vault the keychain does not open leaves the node locked (CodeLocked)
//     until RestoreAccount gives the passphrase or recovery code.
//   - The node's own state (data folder chosen, account id, spaces held, node
//     URLs to dial, the network setting, whether sync is paused) is in the
//     node store (node/store: node.db, SQLite in WAL mode, STRICT tables) in
//     the profile directory of node/paths, saved whole in one transaction at
//     each change; it is what Status names as StorePath. An older build's
//     state.json there is imported once into a store holding no state yet,
//     then renamed state.json.imported. Versions are in one SQLite store per
//     space under spaces/ there (the registry's too), never in the data
//     folder.
//   - A membership (sys.joined) carries a view-only invite string to the
//     space (with its key when private), so another device of the account
//     can hold and read it.
//   - A private space's invites carry the current key (role and view-only).
//     Following 03 §9.2, a view-only holder is no reader and gets no box: it
//     opens nothing sealed under a later key.
//   - A removal in a private space is followed at once by a key change boxed
//     to every remaining reader whose member key is held; boxes owed to
//     readers whose member key arrives later are written on SyncNow, and a
//     due change (e.g. after a member left) by the background loop.
//   - An invite link is LinkPrefix + the invite string (03 §7.4).
//   - A removed node is sent nothing, its removal included (03 §9.2), so
//     it learns it lost its place mostly from every node it dials closing
//     with 4003 (api.Removal.Refused; who and when only if the removal
//     reached it). 4003 is also what a node answers that does not hold the
//     space yet, so it redials with the transport's backoff (up to 60 s)
//     until the removal is in its history or every node has refused it for
//     10 minutes; then it tries once an hour (api.Removal.RetryEvery), and
//     at once on Sync now or a new invite to the space (removal.go).
package runtime
