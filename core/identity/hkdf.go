package identity

import (
	"crypto/hkdf"
	"crypto/sha256"
	"fmt"
	"math/big"
)

// HKDF is HKDF-SHA256 (RFC 5869) with an empty salt and info = UTF-8(label),
// giving length bytes (01 §5). length is at most 255·32.
func HKDF(ikm []byte, label string, length int) ([]byte, error) {
	out, err := hkdf.Key(sha256.New, ikm, nil, label, length)
	if err != nil {
		return nil, fmt.Errorf("hkdf %q: %w", label, err)
	}
	return out, nil
}

// OKMLen is how many bytes ScalarFrom reduces: 32 + 16, so the bias of the
// reduction is below 2^-128 (FIPS 186-5 A.2.1).
const OKMLen = 48

// p256N is the order n of the P-256 group.
var p256N, _ = new(big.Int).SetString("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16)

var p256NMinus1 = new(big.Int).Sub(p256N, big.NewInt(1))

// ScalarFrom reduces 48 bytes to a P-256 private scalar,
// d = (OS2IP(okm) mod (n−1)) + 1, written as 32 big-endian bytes (01 §3.1).
func ScalarFrom(okm []byte) ([]byte, error) {
	if len(okm) != OKMLen {
		return nil, fmt.Errorf("%w: scalar input is %d bytes, want %d", ErrKeyLength, len(okm), OKMLen)
	}
	d := new(big.Int).SetBytes(okm)
	d.Mod(d, p256NMinus1).Add(d, big.NewInt(1))
	return d.FillBytes(make([]byte, 32)), nil
}

// keyFrom is HKDF(ikm, label, 48) → ScalarFrom → key pair: the shape of
// every derived P-256 key.
func keyFrom(ikm []byte, label string) (*KeyPair, error) {
	okm, err := HKDF(ikm, label, OKMLen)
	if err != nil {
		return nil, err
	}
	d, err := ScalarFrom(okm)
	if err != nil {
		return nil, err
	}
	return KeyPairFromScalar(d)
}
