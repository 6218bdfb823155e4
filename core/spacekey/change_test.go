package spacekey

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
)

// badChange writes a key change by the founder whose earlier is made by
// earlier(next); the founder keeps the new key, the member gets a box.
func (w *world) badChange(p *person, earlier func(next *Key) string) *Key {
	w.t.Helper()
	next, err := Generate(w.rnd)
	must(w.t, err)
	body := KeyChange{KeyID: next.ID(), ReadKey: next.ReadDID(), Earlier: earlier(next)}
	id := w.event(w.founder, access.Event{Kind: access.KindKey, KeyID: body.KeyID, ReadKey: body.ReadKey})
	w.changes[id] = body
	boxes, err := BoxAll(next, w.sp.ID, Recipients{p.did: p.mk.ECDH().PublicKey()}, w.rnd)
	must(w.t, err)
	w.boxes = append(w.boxes, boxes...)
	w.founder.held = append(w.founder.held, next)
	return next
}

// TestMalformedChange: a change whose earlier leaves K₀ out, does not open,
// or is absent counts in the history but gives no key; a member holding
// only its key reads nothing before it; the change is due, and a proper
// change by a holder of K₀ gives the member every key (03 §9.3).
func TestMalformedChange(t *testing.T) {
	for name, earlier := range map[string]func(w *world, next *Key) string{
		"leaves K₀ out": func(w *world, next *Key) string {
			s, err := SealEarlier(next, w.sp.ID, nil, w.rnd)
			must(w.t, err)
			return s
		},
		"other space's bound": func(w *world, next *Key) string {
			s, err := SealEarlier(next, "bother", w.founder.held[:1], w.rnd)
			must(w.t, err)
			return s
		},
		"not base64url": func(*world, *Key) string { return "!!" },
		"absent":        func(*world, *Key) string { return "" },
	} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t, 3)
			before := w.write(w.history(), w.founder, 0)
			p := newPerson(t, w.rnd, "p", w.sp.ID)
			w.event(w.founder, access.Event{Kind: access.KindAssign, DID: p.did, Role: "member", Assigned: true})
			next := w.badChange(p, func(k *Key) string { return earlier(w, k) })
			h := w.history()
			ring := w.ring(h, p)
			if cur, ok := ring.Current(); !ok || cur.ID() != next.ID() {
				t.Fatalf("the member lacks the boxed key: %v", ring.IDs())
			}
			if _, bad := ring.Malformed()[next.ID()]; !bad || len(ring.IDs()) != 1 {
				t.Fatalf("malformed %v, holds %v", ring.Malformed(), ring.IDs())
			}
			if _, ok := ring.Open(before.v); ok {
				t.Error("opened a body sealed before the malformed change")
			}
			if !ShouldChange(h, w.ring(h, w.founder), w.founder.did) || ShouldChange(h, ring, p.did) {
				t.Error("the founder, holding K₀, should change the key; the member may not")
			}
			w.change(w.founder, []*person{w.founder, p})
			h = w.history()
			ring = w.ring(h, p)
			if len(ring.IDs()) != 3 || Due(h, ring) {
				t.Errorf("after a proper change: holds %v, due %v", ring.IDs(), Due(h, ring))
			}
			if _, ok := ring.Open(before.v); !ok {
				t.Error("cannot open a body sealed under K₀")
			}
		})
	}
}

// TestNewChangeNeedsFirstKey: a writer must not change the key without K₀,
// nor without the current key (03 §9.3).
func TestNewChangeNeedsFirstKey(t *testing.T) {
	w := newWorld(t, 4)
	p := newPerson(t, w.rnd, "p", w.sp.ID)
	w.add(p)
	w.change(w.founder, []*person{w.founder, p})
	h := w.history()
	noFirst := NewKeyring(Input{Space: w.sp.ID, Keys: h.Current().Keys(), Held: w.founder.held[1:]})
	delete(noFirst.keys, w.founder.held[0].ID())
	if _, err := noFirst.NewChange(nil, w.rnd); !errors.Is(err, ErrNoFirst) {
		t.Errorf("without K₀: %v", err)
	}
	old := NewKeyring(Input{Space: w.sp.ID, Keys: h.Current().Keys(), Held: w.founder.held[:1]})
	if _, err := old.NewChange(nil, w.rnd); !errors.Is(err, ErrNoCurrent) {
		t.Errorf("without the current key: %v", err)
	}
}

// TestParseKeyChange: the sys.key body as core/judge reads it.
func TestParseKeyChange(t *testing.T) {
	good := `{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt","earlier":"AQ"}`
	cases := []struct {
		name, body string
		ok         bool
	}{
		{"whole", good, true},
		{"no earlier", `{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"}`, true},
		{"with cutoff", `{"cutoff":{},"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"}`, true},
		{"empty earlier", `{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt","earlier":""}`, false},
		{"short keyId", `{"keyId":"bgk-m-Kq-gEGgJCOOEYNY","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"}`, false},
		{"bad readKey", `{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zexample"}`, false},
		{"extra member", `{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt","key":"x"}`, false},
		{"not an object", `["bgk-m-Kq-gEGgJCOOEYNYw"]`, false},
	}
	for _, c := range cases {
		x, err := cjson.Parse([]byte(c.body))
		must(t, err)
		_, err = ParseKeyChange(x)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, ErrKeyChange)) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestEarlierWithoutFirstGivesNothing: an earlier that opens and names a
// key the history names, but not K₀, is malformed: the reader takes none
// of its keys, not even the named one (03 §9.3).
func TestEarlierWithoutFirstGivesNothing(t *testing.T) {
	w := newWorld(t, 5)
	p := newPerson(t, w.rnd, "p", w.sp.ID)
	w.event(w.founder, access.Event{Kind: access.KindAssign, DID: p.did, Role: "member", Assigned: true})
	w.change(w.founder, nil)
	k1 := w.founder.held[1]
	mid := w.write(w.history(), w.founder, 0)
	next := w.badChange(p, func(k *Key) string {
		s, err := SealEarlier(k, w.sp.ID, []*Key{k1}, w.rnd)
		must(t, err)
		return s
	})
	ring := w.ring(w.history(), p)
	if _, bad := ring.Malformed()[next.ID()]; !bad || len(ring.IDs()) != 1 {
		t.Fatalf("malformed %v, holds %v", ring.Malformed(), ring.IDs())
	}
	if _, ok := ring.Open(mid.v); ok {
		t.Error("opened a body sealed under the key the malformed earlier names")
	}
}
