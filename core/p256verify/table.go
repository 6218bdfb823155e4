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
	pointBytes = 2 * 4 * 8          // an affine point: two 4-limb elements
)

// TableBytes is the memory one Table takes: 65,280 bytes.
const TableBytes = combs * patterns * pointBytes

// ErrKey means a public key is not a valid P-256 point.
var ErrKey = errors.New("p256verify: not a P-256 public key")

// Table is the comb of one public key Q: comb[c][p−1] is
// Σ_{j in p} 2^(32·j + 8·c)·Q for each non-zero 8-bit pattern p, in affine
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
	return newTableOf(&q)
}

// newTableOf builds the comb of q, a point of order n.
func newTableOf(q *affine) (*Table, error) {
	// base[c·teeth + j] = 2^(32·j + 8·c)·q, by doubling q 8 times per step.
	var jbase [combs * teeth]jacobian
	var cur jacobian
	cur.setAffine(q)
	for j := range teeth {
		for c := range combs {
			jbase[c*teeth+j] = cur
			for range spacing {
				cur.double()
			}
		}
	}
	var base [combs * teeth]affine
	if err := normalize(base[:], jbase[:]); err != nil {
		return nil, err
	}
	all := make([]jacobian, combs*patterns)
	for c := range combs {
		fill(all[c*patterns:(c+1)*patterns], base[c*teeth:(c+1)*teeth])
	}
	t := new(Table)
	for c := range combs {
		if err := normalize(t.comb[c][:], all[c*patterns:(c+1)*patterns]); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// fill sets one comb's patterns: each is the pattern without its highest
// bit plus that bit's base point.
func fill(comb []jacobian, base []affine) {
	for p := 1; p <= patterns; p++ {
		high := bits.Len(uint(p)) - 1
		rest := p &^ (1 << high)
		if rest == 0 {
			comb[p-1].setAffine(&base[high])
			continue
		}
		comb[p-1] = comb[rest-1]
		comb[p-1].addAffine(&base[high])
	}
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

// rowsOf splits a 32-byte big-endian scalar into the comb's rows: rows[j]
// holds bits 32·j … 32·j+31.
func rowsOf(k *[32]byte) [teeth]uint32 {
	var rows [teeth]uint32
	for j := range rows {
		o := 32 - 4*(j+1)
		rows[j] = uint32(k[o])<<24 | uint32(k[o+1])<<16 | uint32(k[o+2])<<8 | uint32(k[o+3])
	}
	return rows
}

// sum returns u₁·G + t's key·u₂ with one comb walk over g (G's table) and
// t: for each of the 8 column offsets, high to low, double the sum and add
// one point per table and scalar, so the 7 doublings are shared.
func (t *Table) sum(g *Table, u1, u2 *[32]byte) jacobian {
	rows1, rows2 := rowsOf(u1), rowsOf(u2)
	var r jacobian // infinity
	for i := spacing - 1; i >= 0; i-- {
		if i != spacing-1 {
			r.double()
		}
		for c := range combs {
			if p := column(&rows1, c*spacing+i); p != 0 {
				r.addAffine(&g.comb[c][p-1])
			}
			if p := column(&rows2, c*spacing+i); p != 0 {
				r.addAffine(&t.comb[c][p-1])
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
