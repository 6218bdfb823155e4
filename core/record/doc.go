// Package record is 02 — Records: the version object of a minca space and
// everything decidable about versions without the access history.
//
// It implements (section numbers are docs/spec/02-records.md's, which are the
// ones 03 and 05 cite):
//   - §3.1 the version, as a domain type apart from its wire form (Parse,
//     Marshal), every member checked with a clear error (ShapeError);
//   - §3.3 bodyHash, the id and the signature: Sign, Verify, VerifySignature;
//   - §3.5 loose versions (CheckLoose), §3.6 createdAt and the sync item
//     timestamp (ParseTime, ItemTimestamp);
//   - §4.1 record keys, derived (hex40) and owned (AssignKey, OwnedKey, …);
//   - §4.2–§4.4 the chain to the record's first version (Next, CheckChain);
//   - §4.3 the ordering rule (Supersedes, Less, Current);
//   - §4.5 stubs (Stub) and §4.10 writer lines with fork and break detection
//     (PairFault, Faults, CheckForkProof, UnbrokenEnd, Gaps, NextLog);
//   - §6.1 collection names; §9 the gatekeeper's record-level steps (Gate)
//     and its four answers (Answer, Verdict).
//
// The package is pure: no files, network, clock or global randomness. Time
// ("now") and randomness (an io.Reader) are arguments. The validity of a
// version's note (its proof, 01 §7) is left to a NoteChecker the caller
// passes (core/note), so this package does not depend on notes.
package record
