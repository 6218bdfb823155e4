package judge

import (
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// writeNeeds is needs for an ordinary first version (03 §5.2 step 6):
// /record/write in its collection, byCreator, with its body.
func writeNeeds(v *record.Version, root string) func(*access.State) bool {
	return func(s *access.State) bool {
		return s.May(root, space.CmdRecordWrite, space.RecordWriteArgs(v.Collection, true, v.Body))
	}
}

// judged is Judge on a version written by its own account (no note).
func (w *world) judged(v *record.Version, within []string) record.Verdict {
	q := QueryOf(v, v.Author, writeNeeds(v, v.Author))
	q.Within = within
	return Judge(w.h, q)
}

func chat(text string) map[string]any { return map[string]any{"text": text} }

// Step 1: anything in seen or within missing or waiting → not yet.
func TestJudgeStep1NotYet(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	a1 := w.assign(alice, bob, "member")
	missing := enc.CID([]byte("an event nobody holds"))
	// An event naming an id nobody holds waits (03 §4.2), and so does a
	// record naming it.
	waiting := w.change(alice, "sys.assign", record.AssignKey(bob.DID(), "admin"),
		map[string]any{"did": bob.DID(), "role": "admin", "assigned": true}, missing)
	if st := w.h.Status(waiting); st.Outcome != access.Waiting {
		t.Fatalf("status of an event naming a missing id: %v", st)
	}
	for name, c := range map[string]struct {
		seen, within, want []string
	}{
		"seen names a missing id":    {seen: []string{a1, missing}, want: []string{missing}},
		"seen names a waiting event": {seen: []string{waiting}, want: []string{waiting}},
		"within names a missing id":  {seen: []string{a1}, within: []string{missing}, want: []string{missing}},
	} {
		t.Run(name, func(t *testing.T) {
			v := w.write(bob, "app.chat", "k"+name[:4], chat("hi"), c.seen...)
			got := w.judged(v, c.within)
			wantAnswer(t, got, record.Later, nil)
			if !slices.Equal(got.Missing, c.want) {
				t.Fatalf("missing %v, want %v", got.Missing, c.want)
			}
		})
	}
	t.Run("the space id stands for the constitution", func(t *testing.T) {
		v := w.write(alice, "app.chat", "kspace", chat("hi"), w.sp.ID)
		wantAnswer(t, w.judged(v, nil), record.Stands, nil)
	})
}

// Step 2: an applied revoke of the author's key by its root, not covering
// it → withdrawn; every revoke applies, each with its own cutoff; with
// within, only a revoke the citer saw.
func TestJudgeStep2Revoke(t *testing.T) {
	alice := keyOf(t, seedAlice)
	revoke := func(w *world, cutoff map[string]any) string {
		body := map[string]any{"key": alice.DID()}
		if cutoff != nil {
			body["cutoff"] = cutoff
		}
		return w.change(alice, "sys.revoke", record.RevokeKey(alice.DID(), alice.DID()), body)
	}
	t.Run("uncovered", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.write(alice, "app.chat", "k1", chat("before"))
		wantAnswer(t, w.judged(v, nil), record.Stands, nil)
		r := revoke(w, nil)
		if st := w.h.Status(r); st.Outcome != access.Applied {
			t.Fatalf("revoke: %v", st)
		}
		wantAnswer(t, w.judged(v, nil), record.Withdrawn, ErrRevoked)
		// Whatever it saw: naming the revoke does not help.
		after := w.write(alice, "app.chat", "k2", chat("after"), r)
		wantAnswer(t, w.judged(after, nil), record.Withdrawn, ErrRevoked)
	})
	t.Run("covered by its cutoff", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v0 := w.write(alice, "app.chat", "k1", chat("covered"))
		v1 := w.write(alice, "app.chat", "k2", chat("past the cutoff"))
		revoke(w, cut(alice, "app.chat", 0))
		wantAnswer(t, w.judged(v0, nil), record.Stands, nil)
		wantAnswer(t, w.judged(v1, nil), record.Withdrawn, ErrRevoked)
	})
	t.Run("within a citer that had not seen it", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		v := w.write(alice, "app.chat", "k1", chat("cited"))
		r := revoke(w, nil)
		wantAnswer(t, w.judged(v, []string{w.sp.ID}), record.Stands, nil)
		wantAnswer(t, w.judged(v, []string{r}), record.Withdrawn, ErrRevoked)
	})
}

// Step 2: a recorded fork of the author's line in the record's collection
// whose from is at most log.n → withdrawn; other collections and earlier
// places stand.
func TestJudgeStep2Fork(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	a1 := w.assign(alice, bob, "member")
	r0 := w.write(bob, "app.chat", "k0", chat("first"), a1)
	r1a := w.write(bob, "app.chat", "k1", chat("one branch"), a1)
	// A second version at place 1 of bob's app.chat line: a fork (02 §4.10).
	r1b := w.sign(bob, &record.Version{Collection: "app.chat", Key: "k1b", Body: chat("the other"),
		HasBody: true, Seen: []string{a1}, Log: &record.Log{N: 1, Prev: r0.ID}})
	w.write(bob, "app.wiki", "k2", chat("elsewhere"), a1)
	wiki := w.write(bob, "app.wiki", "k3", chat("elsewhere, at place 1"), a1)
	wantAnswer(t, w.judged(r1a, nil), record.Stands, nil)
	fork := w.change(alice, "sys.fork", record.ForkKey(bob.DID()), forkBody(t, r1a, r1b), a1)
	if st := w.h.Status(fork); st.Outcome != access.Applied {
		t.Fatalf("fork proof: %v", st)
	}
	wantAnswer(t, w.judged(r1a, nil), record.Withdrawn, ErrForked)
	wantAnswer(t, w.judged(r1b, nil), record.Withdrawn, ErrForked)
	wantAnswer(t, w.judged(r0, nil), record.Stands, nil)
	wantAnswer(t, w.judged(wiki, nil), record.Stands, nil)
	wantAnswer(t, w.judged(r1a, []string{a1}), record.Stands, nil)
}

// Step 3: needs(seenAs(seen)) false → refused.
func TestJudgeStep3Refused(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	stranger := w.write(bob, "app.chat", "k1", chat("let me in"))
	wantAnswer(t, w.judged(stranger, nil), record.Refused, ErrNotAllowed)
	a1 := w.assign(alice, bob, "member")
	// Judged as of what it saw: the assignment it did not name gives nothing.
	wantAnswer(t, w.judged(stranger, nil), record.Refused, ErrNotAllowed)
	noGrant := w.write(bob, "app.secret", "k2", chat("no grant here"), a1)
	wantAnswer(t, w.judged(noGrant, nil), record.Refused, ErrNotAllowed)
	ok := w.write(bob, "app.chat", "k3", chat("now"), a1)
	wantAnswer(t, w.judged(ok, nil), record.Stands, nil)
}

// Step 4: an applied reduction of the root it had not seen, not covering
// it → withdrawn: a removal, an unassignment, a stepping down.
func TestJudgeStep4AccessTaken(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	t.Run("removal", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		a1 := w.assign(alice, bob, "member")
		v := w.write(bob, "app.chat", "k1", chat("concurrent"), a1)
		wantAnswer(t, w.judged(v, nil), record.Stands, nil)
		rm := w.remove(alice, bob, nil, a1)
		wantAnswer(t, w.judged(v, nil), record.Withdrawn, ErrAccessTaken)
		// Naming the removal, it is judged a non-member's write.
		after := w.write(bob, "app.chat", "k2", chat("after"), rm)
		wantAnswer(t, w.judged(after, nil), record.Refused, ErrNotAllowed)
		// A citer that had not seen the removal still counts it.
		wantAnswer(t, w.judged(v, []string{a1}), record.Stands, nil)
		wantAnswer(t, w.judged(v, []string{rm}), record.Withdrawn, ErrAccessTaken)
	})
	t.Run("removal whose cutoff covers it", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		a1 := w.assign(alice, bob, "member")
		v0 := w.write(bob, "app.chat", "k1", chat("held by the remover"), a1)
		v1 := w.write(bob, "app.chat", "k2", chat("not held"), a1)
		w.remove(alice, bob, cut(bob, "app.chat", v0.Log.N), a1)
		wantAnswer(t, w.judged(v0, nil), record.Stands, nil)
		wantAnswer(t, w.judged(v1, nil), record.Withdrawn, ErrAccessTaken)
	})
	t.Run("unassignment", func(t *testing.T) {
		w := newWorld(t, founders(alice), nil)
		a1 := w.assign(alice, bob, "member")
		v := w.write(bob, "app.chat", "k1", chat("concurrent"), a1)
		w.unassign(alice, bob, "member", nil, a1)
		wantAnswer(t, w.judged(v, nil), record.Withdrawn, ErrAccessTaken)
	})
	t.Run("stepping down", func(t *testing.T) {
		w := newWorld(t, founders(alice, bob), nil)
		v := w.write(alice, "app.chat", "k1", chat("as a founder"))
		wantAnswer(t, w.judged(v, nil), record.Stands, nil)
		sd := w.change(alice, "sys.stepdown", record.StepdownKey(alice.DID()), map[string]any{"did": alice.DID()})
		if st := w.h.Status(sd); st.Outcome != access.Applied {
			t.Fatalf("stepdown: %v", st)
		}
		wantAnswer(t, w.judged(v, nil), record.Withdrawn, ErrAccessTaken)
		after := w.write(alice, "app.chat", "k2", chat("no role"), sd)
		wantAnswer(t, w.judged(after, nil), record.Refused, ErrNotAllowed)
	})
}

// Step 5: needs(at(seen, within)) false → withdrawn: it rests on a change
// that was struck (03 §4.6's second example, in small).
func TestJudgeStep5Struck(t *testing.T) {
	alice, carol, dave := keyOf(t, seedAlice), keyOf(t, seedCarol), keyOf(t, seedDave)
	w := newWorld(t, founders(alice), nil)
	aC := w.assign(alice, carol, "admin")
	// Apart: alice takes admin from carol; carol assigns dave member.
	uC := w.unassign(alice, carol, "admin", nil, aC)
	aD := w.assign(carol, dave, "member", aC)
	st := w.h.Status(aD)
	if st.Outcome != access.Dropped || st.Reason != access.Struck {
		t.Fatalf("carol's concurrent assignment: %v", st)
	}
	v := w.write(dave, "app.chat", "k1", chat("on a struck assignment"), aD)
	wantAnswer(t, w.judged(v, nil), record.Withdrawn, ErrStruck)
	// Within a citer that saw only the assignment, it still stands.
	wantAnswer(t, w.judged(v, []string{aD}), record.Stands, nil)
	wantAnswer(t, w.judged(v, []string{aD, uC}), record.Withdrawn, ErrStruck)
}

// Step 6: otherwise it stands.
func TestJudgeStep6Stands(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	w := newWorld(t, founders(alice), nil)
	a1 := w.assign(alice, bob, "member")
	v := w.write(bob, "app.chat", "k1", chat("hello"), a1)
	wantAnswer(t, w.judged(v, nil), record.Stands, nil)
	founderNoSeen := w.write(alice, "app.chat", "k2", chat("no seen at all"))
	founderNoSeen.Seen = nil
	wantAnswer(t, w.judged(founderNoSeen, nil), record.Stands, nil)
}
