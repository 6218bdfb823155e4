package syncer

import (
	"fmt"
	"reflect"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// TestPrepareSameOutcome: a versions message received after Prepare leaves
// exactly what receiving it alone leaves (store, stats, refusals, what
// waits), with forged copies, a duplicated id, entries that are no
// versions and a version that waits for its previous one in the batch.
func TestPrepareSameOutcome(t *testing.T) {
	c := newCluster(t, 3, 11, memnet.Faults{})
	a, plain, prepped := c.nodes[0], c.nodes[1], c.nodes[2]
	var entries []any
	var vs []*record.Version
	for i := range 30 {
		vs = append(vs, a.create("app.wiki", fmt.Sprintf("p%d", i), map[string]any{"n": float64(i)}))
	}
	edited, _ := a.edit("p3", map[string]any{"n": 33.0})
	orphan, _ := a.edit("p4", map[string]any{"n": 44.0})
	forgedBody := *vs[5]
	forgedBody.Body = map[string]any{"n": -1.0}
	forgedSig := vs[6].Wire()
	forgedSig["signature"] = forgeSignature(vs[6].Signature)
	dupWhole, dupStub := *vs[8], vs[8].Stub()
	dupWhole.Body = map[string]any{"n": -8.0} // same id, another body: order decides
	for i, v := range vs {
		switch i {
		case 4:
			continue // orphan's previous version is not sent
		case 5:
			entries = append(entries, forgedBody.Wire())
		case 6:
			entries = append(entries, forgedSig)
		case 8:
			entries = append(entries, dupWhole.Wire(), dupStub.Wire())
		default:
			entries = append(entries, v.Wire())
		}
	}
	entries = append(entries, edited.Wire(), orphan.Wire(), 7.0, map[string]any{"collection": "app.wiki"},
		map[string]any{"id": vs[9].ID, "collection": "app.wiki"})
	msg, err := syncmsg.Marshal(&syncmsg.Versions{Versions: entries})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []*node{plain, prepped} {
		c.net.Cut(a.name, n.name)
		c.connect(a, n)
	}
	prepped.eng.Prepare(msg)
	if len(prepped.eng.prepared) != 1 {
		t.Fatal("Prepare kept nothing")
	}
	for _, n := range []*node{plain, prepped} {
		if err := n.eng.Receive(ctx, a.name, msg); err != nil {
			t.Fatal(err)
		}
	}
	if len(prepped.eng.prepared) != 0 {
		t.Fatal("Receive did not take the prepared message")
	}
	if got, want := prepped.state(), plain.state(); got != want {
		t.Fatalf("prepared:\n%s\nplain:\n%s", got, want)
	}
	for _, n := range []*node{plain, prepped} {
		n.eng.mu.Lock()
	}
	defer func() {
		for _, n := range []*node{plain, prepped} {
			n.eng.mu.Unlock()
		}
	}()
	if got, want := prepped.eng.stats, plain.eng.stats; got != want {
		t.Fatalf("stats: prepared %+v, plain %+v", got, want)
	}
	pr, pl := prepped.eng.peers[a.name].refused, plain.eng.peers[a.name].refused
	if !reflect.DeepEqual(pr, pl) || !pl[forgedBody.ID] || !pl[vs[6].ID] {
		t.Fatalf("refused: prepared %v, plain %v", pr, pl)
	}
	if w, pw := waitingIDs(plain.eng), waitingIDs(prepped.eng); !reflect.DeepEqual(w, pw) || len(w) != 1 {
		t.Fatalf("waiting: prepared %v, plain %v", pw, w)
	}
}

func waitingIDs(e *Engine) []string {
	var ids []string
	for _, w := range e.waiting.sorted() {
		ids = append(ids, w.v.ID)
	}
	return ids
}

// TestPrepareBoundAndForget: at most MaxPrepared messages wait prepared;
// Forget frees a place, and a message prepared and then forgotten is
// received as if it had never been prepared.
func TestPrepareBoundAndForget(t *testing.T) {
	c := newCluster(t, 2, 5, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	c.connect(a, b)
	var msgs [][]byte
	for i := range MaxPrepared + 1 {
		v := a.create("app.wiki", fmt.Sprintf("f%d", i), map[string]any{"n": float64(i)})
		msg, err := syncmsg.Marshal(&syncmsg.Versions{Versions: []any{v.Wire()}})
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, msg)
		b.eng.Prepare(msg)
	}
	if n := len(b.eng.prepared); n != MaxPrepared {
		t.Fatalf("%d prepared, want %d", n, MaxPrepared)
	}
	b.eng.Forget(msgs[0])
	b.eng.Prepare(msgs[MaxPrepared])
	if n := len(b.eng.prepared); n != MaxPrepared {
		t.Fatalf("after Forget and one more: %d prepared, want %d", n, MaxPrepared)
	}
	for _, msg := range msgs {
		if err := b.eng.Receive(ctx, a.name, msg); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(b.eng.prepared); n != 0 {
		t.Fatalf("%d left prepared after receiving all", n)
	}
	if st := b.eng.Stats(); st.Stored != MaxPrepared+1 || st.Refused != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// TestPrepareSkipsUnaskedAnswer: a versions message answering no want in
// flight (given up, or never sent) is parsed ahead but its signatures are
// not checked, since Receive ignores it; one answering a want out is
// checked ahead.
func TestPrepareSkipsUnaskedAnswer(t *testing.T) {
	c := newCluster(t, 2, 5, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	c.connect(a, b)
	v := a.create("app.wiki", "u", map[string]any{"n": 1.0})
	answer := func(id uint64) []byte {
		msg, err := syncmsg.Marshal(&syncmsg.Versions{ID: id, HasID: true, Versions: []any{v.Wire()}})
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	b.eng.wantOut(100, true)
	unasked, asked := answer(99), answer(100)
	b.eng.Prepare(unasked)
	b.eng.Prepare(asked)
	if pre := b.eng.prepared[prepKey(unasked)]; pre == nil || pre.msg == nil || pre.byID != nil {
		t.Fatalf("an answer to no want out: %+v", pre)
	}
	if pre := b.eng.prepared[prepKey(asked)]; pre == nil || pre.byID[v.ID] == nil || !pre.byID[v.ID].verified {
		t.Fatalf("an answer to a want out: %+v", pre)
	}
	b.eng.wantOut(100, false)
	for _, msg := range [][]byte{unasked, asked} {
		if err := b.eng.Receive(ctx, a.name, msg); err != nil {
			t.Fatal(err)
		}
	}
	if st := b.eng.Stats(); st.Ignored != 2 || st.Stored != 0 || b.eng.Prepared() != 0 {
		t.Fatalf("stats %+v, %d prepared", st, b.eng.Prepared())
	}
}

// forgeSignature changes a signature's first character to another one
// ("A" alone would leave the 1 in 64 signatures that begin with it valid).
func forgeSignature(sig string) string {
	if sig[0] == 'A' {
		return "B" + sig[1:]
	}
	return "A" + sig[1:]
}
