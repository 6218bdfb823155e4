package record

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// intake takes versions in the order given, as 05 §8 does: what stands is
// stored, what waits is retried after every store, what is refused is dropped.
func intake(arrivals []*Version) (stored holder, refused int) {
	stored = holder{}
	g := &Gate{Space: testSpace, Now: now, Lookup: stored.lookup}
	var waiting []*Version
	try := func(v *Version) bool {
		_, verdict := g.Check(v)
		switch verdict.Answer {
		case Stands:
			stored.add(v)
			return true
		case Later:
			waiting = append(waiting, v)
		default:
			refused++
		}
		return false
	}
	for _, v := range arrivals {
		if !try(v) {
			continue
		}
		for progress := true; progress; {
			progress = false
			again := waiting
			waiting = nil
			for _, w := range again {
				progress = try(w) || progress
			}
		}
	}
	return stored, refused
}

// TestIntakeConverges: a record's versions — a chain, two rival edits at one
// seq, a delete and a forged copy — taken in any order leave every peer with
// the same versions and the same current one.
func TestIntakeConverges(t *testing.T) {
	alice, bob := keyFromSeed(t, 7), keyFromSeed(t, 8)
	vs := chainOf(t, alice, 4)
	rival := Next(vs[2])
	rival.CreatedAt, rival.Log, rival.Body, rival.HasBody = testCreated, &Log{N: 0}, "bob's", true
	rv := mustSign(t, rival, bob)
	del := Next(rv)
	del.CreatedAt, del.Log, del.Deleted = testCreated, &Log{N: 1, Prev: rv.ID}, true
	dv := mustSign(t, del, bob)
	forged := *vs[3]
	forged.Body = "forged"
	all := append(slices.Clone(vs), rv, dv, vs[1].Stub(), &forged)

	want, wantRefused := intake(all)
	if len(want) != 6 || wantRefused != 1 {
		t.Fatalf("stored %d (want 6), refused %d (want 1)", len(want), wantRefused)
	}
	wantCur := Current(values(want))
	if wantCur.ID != dv.ID {
		t.Fatalf("current %s, want the delete %s", wantCur.ID, dv.ID)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 60; i++ {
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		got, _ := intake(all)
		if len(got) != len(want) {
			t.Fatalf("order %d: stored %d, want %d", i, len(got), len(want))
		}
		for id := range want {
			if _, ok := got[id]; !ok {
				t.Fatalf("order %d: %s not stored", i, id)
			}
		}
		if Current(values(got)).ID != wantCur.ID {
			t.Fatalf("order %d: another current version", i)
		}
	}
}

func values(h holder) []*Version {
	out := make([]*Version, 0, len(h))
	for _, v := range h {
		out = append(out, v)
	}
	return out
}
