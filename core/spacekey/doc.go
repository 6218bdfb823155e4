// Package spacekey is a private space's encryption (03 §8–§9): the space
// key K and what it derives (key id, seal key, read key; §8.1, §8.4),
// sealing and opening record bodies bound to their place (§8.3), the
// collections kept in the clear (§8.2), key changes and their earlier
// keys (sys.key, §9.3), member keys (sys.memberkey, §9.1), boxes
// (sys.box, §9.4), when a change is due and who is a former member (§9.2).
//
// Every derivation is core/identity's (SpaceSealKey, SpaceKeyID,
// ReadKeyPair, MemberKeyPair, Seal/Open, SealTo/OpenFrom); this package
// puts them together. A Keyring, built from S.keys (core/access), the
// space's sys.key and sys.box bodies and what the account holds, is every
// key the account can reach; it is the judge.Opener of a private space.
//
// The package is pure: randomness comes from an io.Reader the caller
// passes in, and nothing reads files, network or clock.
//
// # Choices where 03 is silent
//
// docs/spec/03-choices.md records these too, with the HPKE layout of boxes.
//
//   - A body's plaintext is canonical JSON (SealBody); readers parse it.
//   - A plaintext that is not { body } or { body, links } with links a list
//     of {rel, to} strings does not open; members beside sealed and keyId in
//     an encrypted body are ignored (OpenBody).
//   - In a private space, a body in an encrypted collection that is not
//     sealed reads as null, like one that does not open (Keyring.Open).
//   - A reader reads the space (judge.Opener.Reads) when it holds any key
//     the history names.
//   - sys.key bodies are read as core/judge reads them; a change without
//     earlier counts in the history and is malformed for every reader.
//   - An earlier's entries past the first 1000, and entries that are not
//     base64url of 32 bytes, are passed over; the change is malformed only
//     when the earlier does not open, is not a JSON list, or leaves K₀ out.
//   - When concurrent key events name one key id (anyone granted /key/change
//     can copy one), a raw key is taken if any of them names its id with its
//     read DID, and the earlier of each that does is opened, their keys taken
//     together; the key's change is malformed only when none gives keys.
//   - A change's version that is not held yet is neither opened nor
//     malformed: the keyring waits for it.
//   - Held keys the history does not name (yet) are kept apart (Unplaced),
//     never used.
//   - A writer's earlier holds the named keys it holds, in S.keys order.
//   - A malformed change makes a change due only while it is the current key
//     (Due).
//   - A box counts towards "already boxed" (NeedBoxes) only at the record key
//     box:hex40(keyId|to|root) of its sender's root; an account boxes the
//     key to itself too, for its other devices (BoxesDue).
package spacekey
