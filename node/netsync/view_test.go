package netsync

import (
	"testing"

	"minca.dev/desktop/core/record"

	"minca.dev/desktop/node/versions"
)

// TestWatchedManyReads: the engine is given the space's SQLite store with
// its many-at-once reads (versions.WireReader, FormsReader) still on it, so
// its sender and intake do not fall back to one query per version; writes
// still go through watched's Put, which tells of access versions.
func TestWatchedManyReads(t *testing.T) {
	fa := keyOf(t, 1)
	n := newNode(t, newWorld(t, false, fa), fa, opts{})
	st := n.m.space(n.w.sp.ID).store.forEngine()
	if _, ok := st.(versions.WireReader); !ok {
		t.Fatal("the engine's store reads no wire forms at once")
	}
	if _, ok := st.(versions.FormsReader); !ok {
		t.Fatal("the engine's store reads no forms at once")
	}
	var told int
	w := &watched{Store: n.store, onAccess: func(vs []*record.Version) { told += len(vs) }}
	v := n.sign(&record.Version{Collection: "sys.assign", Key: record.AssignKey(fa.DID(), "member"),
		Body: map[string]any{"did": fa.DID(), "role": "member", "assigned": true}, HasBody: true, Retain: true})
	if err := w.forEngine().Put(ctx, v); err != nil || told != 1 {
		t.Fatalf("Put through the engine's store: %v, told of %d access versions", err, told)
	}
	if mem := (&watched{Store: versions.NewMemory()}); mem.forEngine() != versions.Store(mem) {
		t.Fatal("a store without many-at-once reads is not given as is")
	}
}
