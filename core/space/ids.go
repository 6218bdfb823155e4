package space

import (
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// These helpers name the encodings 03 uses, from core/enc.

// cidOf is "b" + lower-case base32 (no padding) of SHA-256(b) (02; 03 §1.2).
func cidOf(b []byte) string { return enc.CID(b) }

// isSpaceID says whether s is a space id in its one spelling: "b" and 52
// lower-case base32 characters, zero padding bits (03 §1.2 rule 8).
func isSpaceID(s string) bool { return enc.IsCID(s) }

// hex40 is the first 40 hex characters of SHA-256 of the UTF-8 string.
func hex40(s string) string { return enc.Hex40(s) }

// b64urlLen says whether s is canonical base64url of exactly n bytes.
func b64urlLen(s string, n int) bool {
	_, err := enc.DecodeB64URLLen(s, n)
	return err == nil
}

// isP256DID says whether s is a did:key of a P-256 public key in its one
// spelling (01 §4, core/identity).
func isP256DID(s string) bool { return identity.IsDID(s) }
