// Package versions is a space's store of record versions (05 §10): the
// Store interface, whose contract is in its doc comment, and two
// implementations that pass one suite (node/versions/storetest): Memory,
// and SQLite (modernc.org/sqlite, WAL, STRICT tables, embedded numbered
// schema in node/versions/schema).
//
//   - placement.go: placing a version and removing one (05 §10.1), pure:
//     a View says what is held, Place returns the writes. Both stores apply
//     those writes; neither decides placement itself.
//   - lander.go: changes applied one at a time; those that come in while
//     one lands land together as one write (05 §10.1).
//   - entries.go: the entry keys of 05 §10 as the spec spells them (Dump).
//
// # Entries and their SQLite tables
//
// 05 §10 names four kinds of entries, each naming a version id. SQLite keeps
// them as rows (schema/0001_versions.sql):
//
//	r/<record key>                  records.current     the current version
//	g/<record key>                  records.first       the lowest-id first version, once demoted
//	h/<record key>/<seq>/<id>       retained(key, seq, id)
//	i/<collection>/<time>/<id>      versions(collection, time, item) — a version's own row
//	the version itself              versions.stub, versions.body (NULL for a stub)
//
// An i/ entry and its version are one row, so an entry never names a
// version that is not there, and the unparseable i/ entries 05 §10 tells a
// reader to ignore cannot be written (CHECK constraints). The running sum of
// each collection (05 §3.3, §10) is the row sums(collection), written in
// the same transaction as the items it adds up.
//
// # Choices where 05 is silent
//
//   - A version is kept as its stub (canonical JSON without body) and its
//     body apart, so demoting it to a stub deletes the body and rewrites
//     nothing else.
//   - Whole or stub: a copy is whole when it has a body; a delete has none
//     to drop and is never a stub (02 §4.5: IsStub).
//   - A stub copy never replaces a body already held, even when its version
//     becomes current again after a removal.
//   - A copy whose id is held as a different version (another key,
//     collection, seq, createdAt, retain or delete) fails its change with
//     ErrConflict: ids cover those members, so the copy was never verified.
//   - The store checks shape (02 §4.6) and that the id is a version id
//     (05 §2); signatures and access are the gatekeeper's (05 §8). A loose
//     version (no space, 02 §3.5) is not a record version of a space and is
//     refused with ErrInvalid.
//   - r/<k> is keyed by record key alone (keys are unique within a space,
//     02 §4.1), as the spec spells it.
//   - A removal also unsets an h/ entry of a version that became current
//     again after a removal (05 §10.1 says removing unsets its h/ entry).
//   - h/ seq is written with 15 digits as the reference does (a larger seq
//     simply has more).
//   - Generation does not move for a change that wrote nothing.
//
// # Reading again (05 §10.2), landing, durability
//
// The SQLite store reads from the database every time, except the item set
// of a collection (a core/negentropy Vector, prefix sums over the items in
// the order of 05 §2). Every landing that writes adds one to the generation
// row, whichever handle or process made it. The handle carries its cached
// sets forward through its own landings (the items they added and dropped,
// merged in when the set is next asked for: O(n), no database read), and
// reads a set again from the index when the generation is not the one it
// followed: someone else wrote. The writer reads inside its own IMMEDIATE transaction,
// so it always places against what is on disk.
//
// A landing is one transaction on one dedicated connection with prepared
// statements; each change runs in a savepoint, rolled back alone when it
// fails, and the running sums it touched are restored in memory with it.
// Placing a version reads what it needs (the version, r/ and g/ of its key,
// the version r/ names) in one statement; a change of several versions reads
// it for all of them at once, the ids and keys passed as JSON arrays
// (json_each), as Wires and Forms pass theirs.
//
// The database runs in WAL with synchronous=NORMAL unless Config.FullSync:
// a landing is atomic and survives the process crashing; a power cut may
// lose the last landings, never part of one. A busy timeout of 5 s lets two
// processes write one file in turn.
package versions
