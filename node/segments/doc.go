// Package segments is a mirror of one space in a blob store (05 §16.2–§16.4):
// the segment format and names, and a store writer that pushes what its store
// keeps, pulls what other store writers wrote through the gatekeeper, and
// compacts its own segments. A data folder keeps every space this way
// (05 §14.1, §14.5). It is written against blobstore.Store only.
//
// Files: format.go (§16.3 segment bytes and names), state.go (the store
// writer's own state, kept outside the blob store), gate.go (the gatekeeper
// a pull goes through, and its adapter over node/syncer's Space), mirror.go
// (push, pull, compaction).
//
// Choices where 05 is silent:
//   - A push packs at most MaxPerSegment (500) versions into one segment.
//   - Only segments under a 32-lower-hex store writer id and named
//     <6+ digits>-<16 lower hex>.seg are read; anything else under a space
//     (an older layout's kv/ or versions/, 05 §14.8) is never read.
//   - Pull gathers every unread segment first, then passes over all their
//     versions together while any go in, so a version may wait on one in a
//     segment of another store writer.
//   - A segment whose bytes hash to its name but are not JSON, v other than
//     8, or lack versions, holds nothing and is marked read (it never
//     changes); one whose bytes do not hash to its name is read again next
//     time (05 §16.4).
//   - "Known" is kept per id with the form uploaded or stored (stub or
//     whole), so a store that later holds the whole version still pushes it.
//   - Compaction runs when the store writer has at least CompactAt (8) of
//     its own segments, or when asked; it writes the new segments and saves
//     its state before deleting the old ones, so a crash leaves duplicates,
//     never a gap.
//   - A segment read and no longer listed is forgotten from the read set
//     (it was compacted or deleted); if a slow listing shows it again it is
//     read again, which is harmless.
//   - A copy in a segment that shares a held version's id but not its bytes
//     is judged like a new one (and refused), never taken as held.
//   - The state is saved after each segment uploaded: a crash between an
//     upload and the save re-uploads those versions next time (harmless
//     duplicates).
package segments
