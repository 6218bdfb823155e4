// Package negentropy implements range-based set reconciliation, Negentropy
// protocol version 1, as sync uses it to compare the versions two peers keep
// of one collection (05 §2, §3).
//
// It is byte-for-byte compatible with the reference implementation
// (hoytech/negentropy) and its Go port: the same sets give the same
// messages, the same rounds and the same bytes. What differs is the cost of
// a range's fingerprint: a [Vector] keeps prefix sums of its ids, so any
// range's fingerprint is one subtraction and one SHA-256, however large the
// range.
//
// The package is pure: no I/O, clock or randomness. A [Responder] keeps no
// state between messages; an [Initiator] keeps none either beyond its
// storage, and reports what each side lacks round by round.
//
//   - items and bounds: item.go (05 §2, §3.2)
//   - varints: varint.go (05 §3.1)
//   - sums and fingerprints: sum.go (05 §3.3)
//   - the message layout: message.go (05 §3.2)
//   - the algorithm and the frame limit: reconcile.go, split.go (05 §3.4)
//   - storage: storage.go, vector.go
package negentropy
