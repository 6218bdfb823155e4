package identity

import (
	"crypto/ecdsa"
	"crypto/sha256"
	"encoding/asn1"
	"fmt"
	"math/big"
)

// SignatureLen is the size of a P1363 signature r‖s on P-256.
const SignatureLen = 64

// Verify checks a 64-byte P1363 ECDSA P-256 signature over SHA-256(msg) by
// the key did names. Our choice: a high-S signature (s > n/2) is accepted,
// because JavaScript signers (WebCrypto) do not normalise s and nothing in
// the protocol keys on signature bytes (02 caches verdicts by the pair
// (id, signature)). Use VerifyLowS where malleability matters.
func Verify(did string, msg, sig []byte) error {
	pub, err := ParseDID(did)
	if err != nil {
		return err
	}
	return VerifyKey(pub, msg, sig)
}

// VerifyKey is Verify with the public key already parsed.
// It is crypto/ecdsa's check, for handshakes and every one-off signature;
// DIDCache.VerifyKey gives the same answer faster for keys seen often.
func VerifyKey(pub *ecdsa.PublicKey, msg, sig []byte) error {
	return verifyWith(ecdsa.Verify, pub, msg, sig)
}

// verifyWith is VerifyKey with the ECDSA check made by check, which must
// answer as crypto/ecdsa.Verify does.
func verifyWith(check func(*ecdsa.PublicKey, []byte, *big.Int, *big.Int) bool, pub *ecdsa.PublicKey, msg, sig []byte) error {
	if len(sig) != SignatureLen {
		return fmt.Errorf("%w: %d bytes, want %d", ErrSignature, len(sig), SignatureLen)
	}
	r := new(big.Int).SetBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:])
	digest := sha256.Sum256(msg)
	if !check(pub, digest[:], r, s) {
		return ErrSignature
	}
	return nil
}

// VerifyLowS is Verify that also refuses a high-S signature, so each message
// and key have one valid signature per nonce. The brief suggests it for notes.
func VerifyLowS(did string, msg, sig []byte) error {
	if len(sig) == SignatureLen && new(big.Int).SetBytes(sig[32:]).Cmp(halfN) > 0 {
		return fmt.Errorf("%w: high S", ErrSignature)
	}
	return Verify(did, msg, sig)
}

// parseDER reads the ASN.1 signature Go's signer returns.
func parseDER(der []byte) (r, s *big.Int, err error) {
	var v struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &v); err != nil {
		return nil, nil, fmt.Errorf("identity: sign: %w", err)
	}
	return v.R, v.S, nil
}
