package judge

import (
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
)

// richWorld is a space whose history has a removal, a struck assignment, a
// revoked device key, a fork proof and a definition with rules, and whose
// ordinary versions get every answer.
func richWorld(t testing.TB) (*world, []*record.Version) {
	w, alice, bob, carol, aB, aC := membersWorld(t)
	dave := keyOf(t, seedDave)
	var vs []*record.Version
	keep := func(v ...*record.Version) { vs = append(vs, v...) }
	def := w.define(alice, "app.wiki", map[string]any{"fixed": []any{"title"}}, aB, aC)
	w0 := w.sign(bob, &record.Version{Collection: "app.wiki", Key: "w1", Retain: true, HasBody: true,
		Body: map[string]any{"title": "T", "text": "a"}, Seen: []string{def}})
	keep(w0, w.next(bob, w0, map[string]any{"title": "T", "text": "b"}, def),
		w.next(carol, w0, map[string]any{"title": "U", "text": "b"}, def))
	adm := w.assign(alice, carol, "admin", aC)
	keep(w.write(bob, "app.chat", "c1", chat("bob, before his removal"), aB))
	un := w.unassign(alice, carol, "admin", nil, adm)
	aD := w.assign(carol, dave, "member", adm) // struck by un
	keep(w.write(dave, "app.chat", "d1", chat("dave, on a struck assignment"), aD))
	keep(w.write(dave, "app.chat", "d2", chat("dave, naming the unassignment"), aD, un))
	w.remove(alice, bob, cut(bob, "app.wiki", 0), aB)
	phone := deviceOf(t, carol, 0x71, note.CmdAll)
	keep(w.signAs(phone, &record.Version{Collection: "app.chat", Key: "p1", Body: chat("phone"), HasBody: true, Seen: []string{aC}}))
	w.change(carol, "sys.revoke", record.RevokeKey(phone.key.DID(), carol.DID()), map[string]any{"key": phone.key.DID()}, aC)
	c0 := w.write(carol, "app.chat", "f0", chat("zero"), aC)
	c1 := w.write(carol, "app.chat", "f1", chat("one"), aC)
	c1b := w.sign(carol, &record.Version{Collection: "app.chat", Key: "f2", Body: chat("fork"), HasBody: true,
		Seen: []string{aC}, Log: &record.Log{N: 1, Prev: c0.ID}})
	keep(c0, c1, c1b)
	w.change(alice, "sys.fork", record.ForkKey(carol.DID()), forkBody(t, c1, c1b), aC)
	keep(w.write(keyOf(t, seedErin), "app.chat", "e1", chat("a stranger")))
	keep(w.write(carol, "app.chat", "c9", chat("names what is missing"), aC, enc.CID([]byte("an event nobody holds"))))
	return w, vs
}

// Standing depends only on the set of access events held, never on the
// order they arrived in (03 §4: every peer gets the same state whatever
// order they came in, so every peer gives every record the same answer).
func TestStandingOrderIndependent(t *testing.T) {
	w, vs := richWorld(t)
	want := make([]record.Verdict, len(vs))
	answers := map[record.Answer]int{}
	for i, v := range vs {
		want[i] = w.standing().Judge(v)
		answers[want[i].Answer]++
	}
	if len(answers) != 4 {
		t.Fatalf("the scenario gives answers %v; want all four", answers)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 30; round++ {
		order := append([]*record.Version{}, w.added...)
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		h, err := access.NewHistory(GenesisOf(w.sp))
		must(t, err)
		for _, v := range order {
			ev, err := EventFromVersion(v, w.space())
			must(t, err)
			must(t, h.Add(ev))
		}
		s := &Standing{Space: w.space(), History: h, Lookup: w.lookup}
		for i, v := range vs {
			if got := s.Judge(v); got.Answer != want[i].Answer {
				t.Fatalf("round %d, version %d (%s): %v, in arrival order %v", round, i, v.Key, got, want[i])
			}
		}
	}
}
