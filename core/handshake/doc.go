// Package handshake is the pure part of 04 — Network (docs/spec/04-network.md)
// for node sockets: the three handshake frames of §5.2–§5.3 (challenge,
// hello, welcome), the exact bytes each side signs (§6.1), the read-key proof
// of a private space (§6.3), and the envelope {type, from, payload} every
// message of a space travels in (§9).
//
// It reads no clock, file or network; randomness (nonces, the membership
// envelope's nonce) comes from an io.Reader the caller passes. Parsers take
// outside bytes, bound their size, refuse duplicate members and invalid UTF-8,
// and return errors wrapping ErrMalformed; signature failures wrap
// ErrSignature, a failed pin ErrPin, a failed read proof ErrNotReader.
//
// Choices where 04 is missing (each marked "Our choice:" in the spec page):
//   - the signed-message label is minca/peer/v3 (LabelPeer);
//   - member = base64url(envelope(sealKey(K), "minca/space-membership/v1",
//     {space}, canonicalJSON(note))) (LabelMembership, SealMember);
//   - nonces are exactly 22 base64url characters (16 bytes); DIDs must decode;
//   - members a frame does not define are ignored; a member twice is malformed;
//   - an earlier list is read up to its first MaxEarlier entries.
package handshake
