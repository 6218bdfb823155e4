package identity

import (
	"fmt"
	"io"
	"strings"
	"unicode"
)

// isJSSpace is JavaScript's \s (WhiteSpace and LineTerminator, ECMA-262
// §12.2–§12.3), which the reference strips from a recovery code: Go's
// unicode.IsSpace differs at U+0085 and U+FEFF.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x2028, 0x2029, 0xFEFF:
		return true
	}
	return unicode.Is(unicode.Zs, r) // space, U+00A0, U+1680, U+2000–200A, …
}

// SeedLen is the size of an account seed: the account itself (01 §1).
const SeedLen = 16

// NewSeed reads a fresh seed from rnd, which must be a CSPRNG.
func NewSeed(rnd io.Reader) ([]byte, error) {
	seed := make([]byte, SeedLen)
	if _, err := io.ReadFull(rnd, seed); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRandom, err)
	}
	return seed, nil
}

// crockford is the recovery code's alphabet (01 §2.1): no I, L, O or U.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// recoverySymbols is how many 5-bit symbols carry 128 bits (the last has 3
// bits and two zero padding bits).
const recoverySymbols = 26

// RecoveryCode writes a seed as its recovery code (01 §2.2): 26 Crockford
// base32 symbols, upper case, in groups 4-4-4-4-4-4-2 joined by '-'. It has no
// checksum.
func RecoveryCode(seed []byte) (string, error) {
	if len(seed) != SeedLen {
		return "", fmt.Errorf("%w: %d bytes, want %d", ErrSeed, len(seed), SeedLen)
	}
	var b strings.Builder
	for i := range recoverySymbols {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(crockford[bits5(seed, i*5)])
	}
	return b.String(), nil
}

// bits5 reads the 5 bits of seed starting at bit offset off, big-endian,
// with zeros past the end.
func bits5(seed []byte, off int) byte {
	var v byte
	for j := range 5 {
		bit := off + j
		v <<= 1
		if bit < len(seed)*8 && seed[bit/8]&(0x80>>(bit%8)) != 0 {
			v |= 1
		}
	}
	return v
}

// ParseRecoveryCode reads a recovery code (01 §2.3): case, '-' and white
// space (as JavaScript's \s) are ignored, O reads as 0, I and L as 1, U as V; then exactly 26
// alphabet symbols must remain. The two padding bits are ignored, so the last
// symbol has four spellings. A typo gives another valid seed: callers compare
// the DID it derives with the one they expect.
func ParseRecoveryCode(code string) ([]byte, error) {
	if len(code) > 256 {
		return nil, fmt.Errorf("%w: %d characters", ErrRecoveryCode, len(code))
	}
	var syms []byte
	for _, r := range strings.ToUpper(code) {
		if r == '-' || isJSSpace(r) {
			continue
		}
		switch r {
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		case 'U':
			r = 'V'
		}
		i := strings.IndexRune(crockford, r)
		if i < 0 {
			return nil, fmt.Errorf("%w: %q is not a symbol", ErrRecoveryCode, r)
		}
		syms = append(syms, byte(i))
	}
	if len(syms) != recoverySymbols {
		return nil, fmt.Errorf("%w: %d symbols, want %d", ErrRecoveryCode, len(syms), recoverySymbols)
	}
	seed := make([]byte, SeedLen)
	for i, v := range syms {
		for j := range 5 {
			bit := i*5 + j
			if bit < SeedLen*8 && v&(0x10>>j) != 0 {
				seed[bit/8] |= 0x80 >> (bit % 8)
			}
		}
	}
	return seed, nil
}
