package enc

import (
	"fmt"
	"math/big"
)

// base58Alphabet is the Bitcoin alphabet of base58btc.
const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// MaxBase58Len bounds what DecodeBase58 reads; decoding is quadratic and
// nothing in the protocol is longer than a did:key (48 characters).
const MaxBase58Len = 1024

var base58Index = func() (idx [256]int8) {
	for i := range idx {
		idx[i] = -1
	}
	for i := 0; i < len(base58Alphabet); i++ {
		idx[base58Alphabet[i]] = int8(i)
	}
	return idx
}()

// Base58 encodes b as base58btc: each leading zero byte is a '1', the rest
// is the big-endian number in base 58.
func Base58(b []byte) string {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	n := new(big.Int).SetBytes(b[zeros:])
	var digits []byte
	mod, radix := new(big.Int), big.NewInt(58)
	for n.Sign() > 0 {
		n.DivMod(n, radix, mod)
		digits = append(digits, base58Alphabet[mod.Int64()])
	}
	out := make([]byte, 0, zeros+len(digits))
	for range zeros {
		out = append(out, '1')
	}
	for i := len(digits) - 1; i >= 0; i-- {
		out = append(out, digits[i])
	}
	return string(out)
}

// DecodeBase58 decodes base58btc. The encoding is one-to-one, so every
// string of alphabet characters is canonical; other bytes and strings longer
// than MaxBase58Len are refused.
func DecodeBase58(s string) ([]byte, error) {
	if len(s) > MaxBase58Len {
		return nil, fmt.Errorf("%w: base58: %d characters, at most %d", ErrEncoding, len(s), MaxBase58Len)
	}
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	n, radix := new(big.Int), big.NewInt(58)
	for i := zeros; i < len(s); i++ {
		d := base58Index[s[i]]
		if d < 0 {
			return nil, fmt.Errorf("%w: base58: byte 0x%02x at %d", ErrEncoding, s[i], i)
		}
		n.Mul(n, radix).Add(n, big.NewInt(int64(d)))
	}
	return append(make([]byte, zeros), n.Bytes()...), nil
}
