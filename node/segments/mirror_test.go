package segments_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/segments/segtest"
	"minca.dev/desktop/node/versions"
)

var ctx = context.Background()

type world struct {
	t     *testing.T
	sp    *space.Space
	blobs *blobstore.Dir
	dir   string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	founder, err := segtest.Key(1)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := segtest.Space(founder, "AAECAwQFBgcICQoL")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	root, err := folder.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	blobs, err := blobstore.NewDir(root, "spaces")
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, sp: sp, blobs: blobs, dir: dir}
}

func (w *world) client() *segtest.Client {
	w.t.Helper()
	key, _ := segtest.Key(1)
	c, err := segtest.NewClient(ctx, key, w.sp, versions.NewMemory(), w.blobs, &segments.MemoryState{})
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func state(t *testing.T, c *segtest.Client) string {
	t.Helper()
	s, err := segtest.State(ctx, c.Store)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func pull(t *testing.T, c *segtest.Client) segments.PullResult {
	t.Helper()
	r, err := c.Mirror.Pull(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func push(t *testing.T, c *segtest.Client) int {
	t.Helper()
	n, err := c.Mirror.Push(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Two clients on one blob store converge through segments alone, and
// nobody re-uploads the other's versions.
func TestTwoClientsConverge(t *testing.T) {
	w := newWorld(t)
	a, b := w.client(), w.client()
	v := must[*record.Version](t)
	v(a.Create(ctx, segtest.Wiki, "k1", "from a"))
	v(a.Create(ctx, segtest.Wiki, "k2", "from a"))
	if n := push(t, a); n != 2 {
		t.Fatalf("a pushed %d", n)
	}
	if r := pull(t, b); r.Stored != 2 || r.Segments != 1 {
		t.Fatalf("b pulled %+v", r)
	}
	v(b.Edit(ctx, "k1", "b edits"))
	v(b.Create(ctx, segtest.Canvas, "k3", "from b"))
	if n := push(t, b); n != 2 {
		t.Fatalf("b pushed %d, want only its own 2", n)
	}
	pull(t, a)
	if sa, sb := state(t, a), state(t, b); sa != sb {
		t.Fatalf("diverged:\n%s\n%s", sa, sb)
	}
	if n := push(t, a); n != 0 {
		t.Fatalf("a pushed %d after pull, want 0 (a stub of what is known whole)", n)
	}
	if r := pull(t, a); r.Segments != 0 {
		t.Fatalf("a read %d segments again", r.Segments)
	}
}

// A version waiting for one in a later segment of another writer goes in
// in the same pull.
func TestWaitingAcrossSegments(t *testing.T) {
	w := newWorld(t)
	a, b, c := w.client(), w.client(), w.client()
	v1 := must[*record.Version](t)(a.Create(ctx, segtest.Wiki, "k", "one"))
	push(t, a)
	pull(t, b)
	must[*record.Version](t)(b.Edit(ctx, "k", "two"))
	push(t, b)
	// c sees b's segment before a's: delete a's, pull, then restore.
	keys, _ := w.blobs.List(ctx, w.sp.ID+"/"+a.Mirror.WriterID()+"/")
	data, _ := w.blobs.Get(ctx, keys[0])
	w.blobs.Delete(ctx, keys[0])
	r := pull(t, c)
	if r.Waiting != 1 || r.Stored != 0 {
		t.Fatalf("without a's segment: %+v", r)
	}
	w.blobs.Put(ctx, keys[0], data)
	r = pull(t, c)
	if r.Waiting != 0 || r.Stored != 2 {
		t.Fatalf("with a's segment: %+v", r)
	}
	if state(t, c) != state(t, b) {
		t.Fatal("c differs from b")
	}
	_ = v1
}

// Compaction keeps what the store keeps (stubs for superseded versions),
// deletes the old segments, and a fresh reader still gets everything.
func TestCompaction(t *testing.T) {
	w := newWorld(t)
	a := w.client()
	mv := must[*record.Version](t)
	first := mv(a.Create(ctx, segtest.Wiki, "k", 0))
	push(t, a)
	for i := 1; i <= 9; i++ {
		mv(a.Edit(ctx, "k", i))
		mv(a.Create(ctx, segtest.Canvas, fmt.Sprintf("c%d", i), i))
		push(t, a)
	}
	own := w.sp.ID + "/" + a.Mirror.WriterID() + "/"
	before, _ := w.blobs.List(ctx, own)
	n, err := a.Mirror.Compact(ctx, false)
	if err != nil || n != len(before) {
		t.Fatalf("compact: %d of %d, %v", n, len(before), err)
	}
	after, _ := w.blobs.List(ctx, own)
	if len(after) != 1 {
		t.Fatalf("after compaction %d segments", len(after))
	}
	data, _ := w.blobs.Get(ctx, after[0])
	if !strings.Contains(string(data), first.ID) || strings.Contains(string(data), `"body":0`) {
		t.Fatal("first version not carried as a stub")
	}
	b := w.client()
	pull(t, b)
	if state(t, a) != state(t, b) {
		t.Fatal("fresh reader differs after compaction")
	}
	if n := push(t, a); n != 0 {
		t.Fatalf("pushed %d after compaction", n)
	}
}

// Hostile segments are refused and counted; the good ones still go in.
func TestHostileSegments(t *testing.T) {
	w := newWorld(t)
	a, b := w.client(), w.client()
	good := must[*record.Version](t)(a.Create(ctx, segtest.Wiki, "k", "good"))
	push(t, a)
	other := strings.Repeat("ab", 16)
	plant := func(counter int, body string, rename string) {
		name := segments.Name(counter, []byte(body))
		if rename != "" {
			name = rename
		}
		if err := w.blobs.Put(ctx, w.sp.ID+"/"+other+"/"+name, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	wire := func(v *record.Version) string {
		b, _ := segments.Encode([]*record.Version{v})
		return string(b)
	}
	fresh := must[*record.Version](t)(a.Sign(ctx, &record.Version{Collection: segtest.Wiki, Key: "f", Body: "good", HasBody: true}))
	mangled := *fresh
	mangled.Signature = strings.Repeat("A", len(fresh.Signature))
	stranger, _ := segtest.Key(9)
	a.Key = stranger
	outsider := must[*record.Version](t)(a.Sign(ctx, &record.Version{Collection: segtest.Wiki, Key: "o", Body: "x", HasBody: true}))
	plant(1, "not json", "")
	plant(2, `{"v":7,"versions":[]}`, "")
	plant(3, wire(good), "000003-0000000000000000.seg")
	plant(4, strings.Replace(wire(fresh), `"body":"good"`, `"body":"evil"`, 1), "")
	plant(5, wire(&mangled), "")
	plant(7, wire(outsider), "")
	plant(8, strings.Replace(wire(good), `"body":"good"`, `"body":"evil"`, 1), "") // a held id, tampered
	plant(6, `{"v":8,"versions":[1,{"id":"x"}]}`, "")
	w.blobs.Put(ctx, w.sp.ID+"/kv/space%3Ax", []byte("older layout"))
	w.blobs.Put(ctx, w.sp.ID+"/"+other+"/notaseg", []byte("x"))
	r := pull(t, b)
	if r.Stored != 1 || r.Empty != 2 || r.BadHash != 1 || r.Refused != 5 || r.Segments != 8 || r.Skipped != 1 || r.BadKey != 2 {
		t.Fatalf("pull = %+v", r)
	}
	if r.Segments != 8 {
		t.Fatalf("pull = %+v", r)
	}
	if state(t, a) != state(t, b) {
		t.Fatal("the good version did not go in alone")
	}
	_ = filepath.Join
}
