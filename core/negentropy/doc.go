// Package negentropy implements range-based set reconciliation, Negentropy
// protocol version 1, as sync uses it to compare the versions two peers keep
// of one collection (05 §2, §3).
//
// It is byte-for-byte compatible with the reference implementation
// (hoytech/negentropy) and its Go port: the same sets give the same
// messages, the same rounds and the same bytes. What differs is the cost of
// a range's fingerprint: a [Vector] keeps prefix sums of its ids, so any
// range's fingerprint is one subtraction and one SHA-256, however large the
// range, where the port adds up every id of the range, round after round.
//
// The package is pure: no I/O, clock or randomness. A [Responder] keeps no
// state between messages; an [Initiator] keeps none either beyond its
// storage, and reports what each side lacks round by round.
//
//   - items and bounds: item.go (05 §2, §3.2); item ids: versionid.go (05 §2)
//   - varints: varint.go (05 §3.1)
//   - sums and fingerprints: sum.go (05 §3.3)
//   - the message layout: message.go (05 §3.2)
//   - the algorithm and the frame limit: reconcile.go, answer.go, split.go (05 §3.4)
//   - storage: storage.go, vector.go; storagetest is the suite any Storage must pass
//
// # Choices where 05 §3 is silent
//
//   - A message is decoded whole before anything is answered or learnt, so a
//     malformed one changes nothing. Beyond the rejections 05 §3.2 names
//     (first byte, varint past 2^53 − 1, prefix past 32 bytes, unknown mode),
//     Decode rejects a message cut short, a bound timestamp past 2^53 − 1
//     that is not infinity, and a bound before the previous one. None of
//     these comes from an honest peer, and refusing them keeps the
//     arithmetic in range.
//   - Varints with leading zero groups (80 05) are accepted, as the
//     reference accepts them; the package itself never writes them.
//   - Item timestamps above 2^53 − 1 are refused when a Vector is made
//     (05 §10 keeps only safe integers).
//   - The initiator reports have in item order and need in the order the
//     answer lists them, each once per round; across rounds an id may come
//     again (05 §3.4), and callers fold repeats.
package negentropy
