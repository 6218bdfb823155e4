// Package note reads, checks and writes delegation notes: the proof a
// version carries, by which an account delegates to the key that signs it
// (03 §7.4, §3.3, §5.2; 01 §7–§8, missing in our copy and reconstructed in
// missing-parts-brief §1.7 and required-of-missing-parts §1.6).
//
// A note is the JSON profile of a UCAN 1.0 delegation:
//
//	{ "type": "minca/ucan/dlg@1",
//	  "payload": { iss, aud, sub, cmd, pol, nonce, exp, nbf?, meta? },
//	  "sig": base64url(P1363 ECDSA P-256 by iss) }
//
// Only one link counts: account → key (01 §7.5). iss is the account, sub is
// the account itself (the root), aud is the key that signs the version
// (its author). A note is judged at the version's createdAt, never at the
// reader's clock: records written under a note stay valid after it
// expires.
//
// Choices where 01 is missing (no vector constrains them; see docs/spec):
//   - The payload has exactly iss, aud, sub, cmd, pol, nonce and exp, and
//     optionally nbf and meta. Any other member (prf among them: a chain)
//     makes the note malformed.
//   - exp is an integer number of seconds since 1970, or null for none;
//     nbf, when present, an integer. Valid at t when nbf ≤ t < exp, with t
//     = floor(createdAt in ms / 1000).
//   - nonce is a string of 1–128 characters; Make writes base64url of 12
//     random bytes. meta is an object.
//   - sig signs UTF-8(canonicalJSON({ "payload": …, "type": "minca/ucan/dlg@1" })).
//     A high-S signature is accepted, as core/identity.Verify accepts it
//     (JavaScript signers do not normalise s); Make writes low-S.
//   - iss and aud are P-256 did:keys.
//   - The invocation arguments of 01 §8: /access/change and
//     /collection/define take { collection, space } (for /collection/define
//     the collection defined); /record/read { space }; /account/write {},
//     so a note grants it "for the account as a whole" only when its policy
//     holds with no arguments.
package note
