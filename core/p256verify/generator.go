package p256verify

import (
	"crypto/elliptic"
	"sync"
)

// The comb of the base point G, built once per process on first use and
// shared by every check (TableBytes, like a key's).
var (
	genOnce  sync.Once
	genTable *Table
)

// generator returns G's comb.
func generator() *Table {
	genOnce.Do(func() {
		params := elliptic.P256().Params()
		var x, y [32]byte
		var g affine
		feSetBytes(&g.x, (*[32]byte)(params.Gx.FillBytes(x[:])))
		feSetBytes(&g.y, (*[32]byte)(params.Gy.FillBytes(y[:])))
		t, err := newTableOf(&g)
		if err != nil { // G has order n: its multiples below 2²⁵⁶ are never 0
			panic("p256verify: G's table: " + err.Error())
		}
		genTable = t
	})
	return genTable
}
