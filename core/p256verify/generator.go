package p256verify

import (
	"crypto/elliptic"
	"sync"
)

// G's comb has wider groups than a key's, as it is built once per process:
// a column's 32 bits in groups of 11, 11 and 10, so u₁·G costs 24
// additions instead of 32, for 5,117 points (327,488 bytes).
var genGroups = [...]struct{ start, width int }{{0, 11}, {11, 11}, {22, 10}}

// genComb is G's comb: group[g][p−1] = Σ_{j in p} 2^(8·(start_g + j))·G.
type genComb struct {
	group [len(genGroups)][]affine
}

var (
	genOnce sync.Once
	gen     *genComb
)

// generator returns G's comb, built on first use.
func generator() *genComb {
	genOnce.Do(func() {
		params := elliptic.P256().Params()
		var x, y [32]byte
		var g affine
		feSetBytes(&g.x, (*[32]byte)(params.Gx.FillBytes(x[:])))
		feSetBytes(&g.y, (*[32]byte)(params.Gy.FillBytes(y[:])))
		c, err := newGenComb(&g)
		if err != nil { // G has order n: its multiples below 2²⁵⁶ are never 0
			panic("p256verify: G's comb: " + err.Error())
		}
		gen = c
	})
	return gen
}

// newGenComb builds the comb of g with genGroups' layout.
func newGenComb(g *affine) (*genComb, error) {
	base, err := basesOf(g)
	if err != nil {
		return nil, err
	}
	c := new(genComb)
	for i, gr := range genGroups {
		c.group[i] = make([]affine, 1<<gr.width-1)
		if err := fillGroup(c.group[i], base[gr.start:gr.start+gr.width]); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// add adds to r one point per group for column col of u₁.
func (c *genComb) add(r *jacobian, col uint32) {
	for i, gr := range genGroups {
		if p := col >> gr.start & (1<<gr.width - 1); p != 0 {
			r.addAffine(&c.group[i][p-1])
		}
	}
}
