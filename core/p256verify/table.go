package p256verify

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/bits"

	"filippo.io/nistec"
)

// The comb's shape: a 256-bit scalar k is read as spacing = 8 columns of
// 32 bits: column i holds bits i, 8+i, 16+i, …, 248+i of k (bit b of
// column i is bit 8·b + i). A comb splits a column's 32 bits into groups
// and holds, for each group, the sums of its base points 2^(8·b)·P. A
// multiplication then walks the columns high to low: 7 doublings, shared
// by u₁·G and u₂·Q, and one addition per group and column.
const (
	scalarBits = 256
	spacing    = 8                    // columns
	bases      = scalarBits / spacing // bits per column, one base point each: 32
	teeth      = 8                    // bits per group in a key's comb
	combs      = bases / teeth        // groups in a key's comb: 4
	patterns   = 1<<teeth - 1         // non-zero patterns per group
	pointBytes = 2 * 4 * 8            // an affine point: two 4-limb elements
)

// TableBytes is the memory one Table takes: 65,280 bytes.
const TableBytes = combs * patterns * pointBytes

// ErrKey means a public key is not a valid P-256 point.
var ErrKey = errors.New("p256verify: not a P-256 public key")

// Table is the comb of one public key Q: comb[c][p−1] is
// Σ_{j in p} 2^(8·(8·c + j))·Q for each non-zero 8-bit pattern p, in affine
// form. It is immutable once built and safe for concurrent use.
type Table struct {
	comb [combs][patterns]affine
}

// NewTable builds the table of pub, refusing a key that is not a P-256 point
// (crypto/ecdsa.Verify answers false for every signature by such a key).
func NewTable(pub *ecdsa.PublicKey) (*Table, error) {
	id, err := checkKey(pub)
	if err != nil {
		return nil, err
	}
	var q affine
	if !feSetBytes(&q.x, (*[32]byte)(id[:32])) || !feSetBytes(&q.y, (*[32]byte)(id[32:])) {
		return nil, ErrKey // checkKey has refused these already
	}
	base, err := basesOf(&q)
	if err != nil {
		return nil, err
	}
	t := new(Table)
	for c := range combs {
		if err := fillGroup(t.comb[c][:], base[c*teeth:(c+1)*teeth]); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// basesOf is 2^(8·b)·q for b = 0…31, q being a point of order n.
func basesOf(q *affine) (*[bases]affine, error) {
	var jb [bases]jacobian
	jb[0].setAffine(q)
	for b := 1; b < bases; b++ {
		jb[b] = jb[b-1]
		for range spacing {
			jb[b].double()
		}
	}
	base := new([bases]affine)
	if err := normalize(base[:], jb[:]); err != nil {
		return nil, err
	}
	return base, nil
}

// fillGroup sets group[p−1] = Σ_{j in p} base[j] for every non-zero pattern
// p of len(base) bits: each is the pattern without its highest bit plus
// that bit's base point. group has 2^len(base) − 1 entries.
func fillGroup(group []affine, base []affine) error {
	sums := make([]jacobian, len(group))
	for p := 1; p <= len(group); p++ {
		high := bits.Len(uint(p)) - 1
		rest := p &^ (1 << high)
		if rest == 0 {
			sums[p-1].setAffine(&base[high])
			continue
		}
		sums[p-1] = sums[rest-1]
		sums[p-1].addAffine(&base[high])
	}
	return normalize(group, sums)
}

// checkKey is pub's coordinates, with crypto/ecdsa's checks: the P-256
// curve, coordinates in range, the point on the curve and not infinity.
func checkKey(pub *ecdsa.PublicKey) (keyID, error) {
	id, ok := idOf(pub)
	if !ok {
		return id, ErrKey
	}
	if _, err := nistec.NewP256Point().SetBytes(append([]byte{4}, id[:]...)); err != nil { // uncompressed
		return id, fmt.Errorf("%w: %w", ErrKey, err)
	}
	return id, nil
}

// columnsOf splits a scalar into its columns: bit b of cols[i] is bit
// 8·b + i of k. Eight bytes (a limb) at a time, by transposing them as an
// 8×8 bit matrix.
func columnsOf(k *scalar) [spacing]uint32 {
	var cols [spacing]uint32
	for m, limb := range k {
		x := transpose8(limb) // byte i: bit r is bit i of the limb's byte r
		for i := range cols {
			cols[i] |= uint32(x>>(8*i)&0xff) << (8 * m)
		}
	}
	return cols
}

// transpose8 transposes x as an 8×8 bit matrix, bit 8·r + c being row r,
// column c (Hacker's Delight, 7-3).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// sum returns u₁·G + u₂·Q, Q being t's key, with one walk over G's comb
// and t: for each column, high to low, double the sum and add one point
// per group of each comb.
func (t *Table) sum(g *genComb, u1, u2 *scalar) jacobian {
	cols1, cols2 := columnsOf(u1), columnsOf(u2)
	var r jacobian // infinity
	for i := spacing - 1; i >= 0; i-- {
		if i != spacing-1 {
			r.double()
		}
		g.add(&r, cols1[i])
		for c := range combs {
			if p := cols2[i] >> (teeth * c) & patterns; p != 0 {
				r.addAffine(&t.comb[c][p-1])
			}
		}
	}
	return r
}
