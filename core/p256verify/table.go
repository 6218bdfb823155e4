package p256verify

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/bits"

	"filippo.io/nistec"
)

// The comb's shape: a 256-bit scalar is read as 8 rows (teeth) of 32 bits;
// column i holds bits i, i+32, …, i+224. The 32 columns are split among
// combs tables of 8 columns each, so a multiplication is 7 doublings and
// one addition per column.
const (
	scalarBits = 256
	teeth      = 8                  // bits per pattern: a table has 2⁸−1 points
	columns    = scalarBits / teeth // 32
	combs      = 4                  // tables per key
	spacing    = columns / combs    // columns per table: 8
	patterns   = 1<<teeth - 1       // non-zero patterns per table
	pointBytes = 3 * 4 * 8          // a Jacobian point on amd64/arm64: three 4-limb elements
)

// TableBytes is the memory one Table takes where nistec holds points inline
// (amd64 and arm64): 97,920 bytes. The pure-Go backend adds a pointer per
// coordinate.
const TableBytes = combs * patterns * pointBytes

// ErrKey means a public key is not a valid P-256 point.
var ErrKey = errors.New("p256verify: not a P-256 public key")

// Table is the comb of one public key Q: comb[c][p−1] is
// Σ_{j in p} 2^(32·j + 8·c)·Q for each non-zero 8-bit pattern p. It is
// immutable once built and safe for concurrent use.
type Table struct {
	comb [combs][patterns]nistec.P256Point
}

// NewTable builds the table of pub, refusing a key that is not a P-256 point
// (crypto/ecdsa.Verify answers false for every signature by such a key).
func NewTable(pub *ecdsa.PublicKey) (*Table, error) {
	q, err := pointOf(pub)
	if err != nil {
		return nil, err
	}
	t := new(Table)
	for c := range t.comb {
		for p := range t.comb[c] {
			t.comb[c][p] = *nistec.NewP256Point() // portable: the pure-Go point holds pointers
		}
	}
	// base[c][j] = 2^(32·j + 8·c)·Q, by doubling Q 8 times per step.
	var base [combs][teeth]*nistec.P256Point
	cur := nistec.NewP256Point().Set(q)
	for j := range teeth {
		for c := range combs {
			base[c][j] = nistec.NewP256Point().Set(cur)
			for range spacing {
				cur.Double(cur)
			}
		}
	}
	for c := range combs {
		t.fill(c, &base[c])
	}
	return t, nil
}

// fill sets comb c's patterns: each is the pattern without its highest bit
// plus that bit's base point.
func (t *Table) fill(c int, base *[teeth]*nistec.P256Point) {
	for p := 1; p <= patterns; p++ {
		high := bits.Len(uint(p)) - 1
		rest := p &^ (1 << high)
		if rest == 0 {
			t.comb[c][p-1].Set(base[high])
			continue
		}
		t.comb[c][p-1].Add(&t.comb[c][rest-1], base[high])
	}
}

// pointOf is pub as a nistec point, with crypto/ecdsa's checks: the P-256
// curve, coordinates in range, the point on the curve and not infinity.
func pointOf(pub *ecdsa.PublicKey) (*nistec.P256Point, error) {
	id, ok := idOf(pub)
	if !ok {
		return nil, ErrKey
	}
	q, err := nistec.NewP256Point().SetBytes(append([]byte{4}, id[:]...)) // uncompressed
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrKey, err)
	}
	return q, nil
}

// mult returns k·Q for a 32-byte big-endian k, by the comb: for each of the
// 8 column offsets, high to low, double the sum and add one point per table.
func (t *Table) mult(k *[32]byte) *nistec.P256Point {
	var rows [teeth]uint32 // rows[j] holds bits 32·j … 32·j+31 of k (columns = 32)
	for j := range rows {
		o := 32 - 4*(j+1)
		rows[j] = uint32(k[o])<<24 | uint32(k[o+1])<<16 | uint32(k[o+2])<<8 | uint32(k[o+3])
	}
	r := nistec.NewP256Point() // infinity
	for i := spacing - 1; i >= 0; i-- {
		if i != spacing-1 {
			r.Double(r)
		}
		for c := range combs {
			if p := column(&rows, c*spacing+i); p != 0 {
				r.Add(r, &t.comb[c][p-1])
			}
		}
	}
	return r
}

// column is the pattern of column i: bit j is bit 32·j + i of the scalar.
func column(rows *[teeth]uint32, i int) int {
	p := 0
	for j := range rows {
		p |= int(rows[j]>>i&1) << j
	}
	return p
}
