package netsync

import (
	"crypto/rand"
	"errors"
	"slices"
	"testing"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/spacekey"
)

// holding makes n's space hold keys, whatever its history names.
func (n *node) holding(keys ...*spacekey.Key) {
	s := n.m.space(n.w.sp.ID)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keys = func() []*spacekey.Key { return keys }
}

// proveTo is n's read proof of its space, checked by a verifier whose
// current read key is current: the key it is admitted on, or an error.
func (n *node) proveTo(t *testing.T, current string) (string, error) {
	t.Helper()
	r, err := (gate{n.m}).Reader(n.w.sp.ID)
	if err != nil {
		return "", err
	}
	msg, err := handshake.ClientMessage(n.w.sp.ID, n.sess.DID(), keyOf(t, 9).DID(), "AAAAAAAAAAAAAAAAAAAAAA")
	if err != nil {
		t.Fatal(err)
	}
	p, err := handshake.ProveRead(msg, r.Keys, r.Member)
	if err != nil {
		t.Fatal(err)
	}
	return handshake.CheckRead(msg, n.sess.DID(), p, handshake.Verifier{Current: current})
}

func newKey(t *testing.T) *spacekey.Key {
	t.Helper()
	k, err := spacekey.Generate(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// A joiner whose history is only the genesis, holding the key its invite
// carries (the space's current one after a change, 03 §7.4, §9.3), proves
// reading with it (04 §6.3): a node whose history names that key as
// current admits it on it. Held beside the genesis key, it rides as an
// earlier proof, and the node admits on it too (step 5).
func TestReaderOffersUnnamedKeys(t *testing.T) {
	fa := keyOf(t, 1)
	w := newWorld(t, true, fa)
	n := newNode(t, w, fa, opts{})
	k1 := newKey(t) // named by the verifier's history, not by n's

	n.holding(k1)
	if on, err := n.proveTo(t, k1.ReadDID()); err != nil || on != k1.ReadDID() {
		t.Fatalf("only the invite's key held: admitted on %q, %v; want the current key", on, err)
	}
	n.holding(w.key, k1)
	for _, current := range []*spacekey.Key{k1, w.key} {
		if on, err := n.proveTo(t, current.ReadDID()); err != nil || on != current.ReadDID() {
			t.Fatalf("both keys held, verifier on %s: admitted on %q, %v", current, on, err)
		}
	}
	// A verifier on a key n holds none of refuses: nothing is taken on
	// n's word.
	if on, err := n.proveTo(t, newKey(t).ReadDID()); !errors.Is(err, handshake.ErrNotReader) {
		t.Fatalf("a verifier on another key admitted on %q, %v", on, err)
	}
	n.holding()
	if _, err := (gate{n.m}).Reader(w.sp.ID); !errors.Is(err, ErrNoKey) {
		t.Fatalf("no key held: %v, want ErrNoKey", err)
	}
}

// The keys a proof offers: the newest named key first (it seals the
// note), then the unnamed ones newest first, then older named ones; at
// most MaxEarlier unnamed ones.
func TestProofKeysOrder(t *testing.T) {
	k := make([]*spacekey.Key, 9)
	for i := range k {
		k[i] = newKey(t)
	}
	ids := func(ks []*spacekey.Key) []string {
		var out []string
		for _, x := range ks {
			out = append(out, x.ID())
		}
		return out
	}
	got := proofKeys([]*spacekey.Key{k[0], k[1]}, []*spacekey.Key{k[2], k[3]})
	if want := ids([]*spacekey.Key{k[1], k[3], k[2], k[0]}); !slices.Equal(ids(got), want) {
		t.Fatalf("proof keys %v, want %v", ids(got), want)
	}
	fa := keyOf(t, 1)
	w := newWorld(t, true, fa)
	n := newNode(t, w, fa, opts{})
	s := n.m.space(w.sp.ID)
	n.holding(append([]*spacekey.Key{w.key}, k...)...)
	named, unnamed := s.heldKeys(s.current())
	if !slices.Equal(ids(named), []string{w.key.ID()}) || !slices.Equal(ids(unnamed), ids(k[len(k)-handshake.MaxEarlier:])) {
		t.Fatalf("named %v, unnamed %v", ids(named), ids(unnamed))
	}
}

// The verifier's member check (04 §6.3 step 4) opens a note only under a
// key its history names: a key it holds but its history does not name
// admits nobody.
func TestVerifierNamedKeysOnly(t *testing.T) {
	fa := keyOf(t, 1)
	w := newWorld(t, true, fa)
	n := newNode(t, w, fa, opts{})
	k2 := newKey(t)
	n.holding(w.key, k2)
	v, err := (gate{n.m}).Verifier(w.sp.ID)
	if err != nil || v == nil || v.Current != w.key.ReadDID() {
		t.Fatalf("verifier %+v, %v", v, err)
	}
	sess := keyOf(t, 8)
	nt, err := note.Make(fa, note.Grant{Aud: sess.DID(), Cmd: note.CmdAll}, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		k    *spacekey.Key
		want bool
	}{{w.key, true}, {k2, false}} {
		m, err := handshake.SealMember(c.k.Raw(), w.sp.ID, nt.JSON(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Member(c.k.ReadDID(), m, sess.DID()); got != c.want {
			t.Fatalf("member proof under %s: %v, want %v", c.k, got, c.want)
		}
	}
}

// A former member (03 §9.2) is admitted only on the current read key while
// no key change is due (it was given that key since: a new invite), never
// dialled (no key proved), never on an older key; a reader as before.
func TestFormerAdmittedOnCurrentKeyOnly(t *testing.T) {
	v := &view{readers: map[string]bool{"reader": true}, former: map[string]bool{"former": true}, current: "k1"}
	for _, c := range []struct {
		account, on string
		keyDue      bool
		want        bool
	}{
		{"former", "k1", false, true},
		{"former", "k1", true, false},
		{"former", "k0", false, false},
		{"former", "", false, false},
		{"reader", "k0", false, true},
		{"holder", "k1", false, true},
		{"holder", "k0", false, false},
		{"", "k1", false, false},
	} {
		v.keyDue = c.keyDue
		if got := v.admits(c.account, c.on); got != c.want {
			t.Errorf("%q on %q (key due %v): %v, want %v", c.account, c.on, c.keyDue, got, c.want)
		}
	}
}

// A node turned away at the read proof (04 §6.3: it holds no key of the
// space, as a former member's computer after a key change) is listed as
// turned away, with its tries under Refused, not as misbehaving: Dropped
// stays 0.
func TestTurnedAwayIsNoMisbehaviour(t *testing.T) {
	fa := keyOf(t, 1)
	w := newWorld(t, true, fa)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, keyOf(t, 2), opts{nodes: []string{a.url()}})
	b.holding(newKey(t))
	eventually(t, "a turns b away", func() bool {
		for _, p := range a.m.Status(ctx).Peers {
			if p.DID == b.sess.DID() && p.Refused > 0 {
				return true
			}
		}
		return false
	})
	for _, p := range a.m.Status(ctx).Peers {
		if p.DID == b.sess.DID() && (p.Dropped != 0 || p.State != PeerStateTurnedAway) {
			t.Fatalf("b turned away is listed %+v, want state %q and nothing dropped", p, PeerStateTurnedAway)
		}
	}
}
