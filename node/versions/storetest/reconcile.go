package storetest

import (
	"testing"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// testReconcile: two stores' item sets reconcile with core/negentropy
// (05 §3) and find exactly what each lacks, the store's running sum gives
// the fingerprint a hello carries, and equal sets give equal sums.
func testReconcile(t *testing.T, open Open) {
	a, b := fresh(t, open), fresh(t, open)
	vs := randomSet(t, 42, 60)
	var onlyA, onlyB []*record.Version
	for i, v := range vs {
		switch i % 3 {
		case 0:
			put(t, a, v)
			onlyA = append(onlyA, v)
		case 1:
			put(t, b, v)
			onlyB = append(onlyB, v)
		default:
			put(t, a, v)
			put(t, b, v)
		}
	}
	ia, err := a.Items(ctx, todo)
	if err != nil {
		t.Fatal(err)
	}
	ib, err := b.Items(ctx, todo)
	if err != nil {
		t.Fatal(err)
	}
	in, err := negentropy.NewInitiator(ia, 0)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := negentropy.NewResponder(ib, 0)
	if err != nil {
		t.Fatal(err)
	}
	have, need := map[negentropy.ID]bool{}, map[negentropy.ID]bool{}
	msg := in.Initiate()
	for rounds := 0; msg != nil; rounds++ {
		if rounds > 50 {
			t.Fatal("reconciliation does not end")
		}
		answer, err := resp.Respond(msg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := in.Reconcile(answer)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range r.Have {
			have[id] = true
		}
		for _, id := range r.Need {
			need[id] = true
		}
		msg = r.Next
	}
	if len(have) == 0 || len(need) == 0 {
		t.Fatalf("have %d, need %d: the sets were meant to differ both ways", len(have), len(need))
	}
	wantIDs(t, "have", have, lacking(onlyA, ib))
	wantIDs(t, "need", need, lacking(onlyB, ia))

	// After each takes in what the other lacks, the sums agree.
	put(t, a, onlyB...)
	put(t, b, onlyA...)
	sa, _ := a.Sum(ctx, todo)
	sb, _ := b.Sum(ctx, todo)
	if sa != sb || sa.Fingerprint() != negentropy.FingerprintOf(itemIDs(t, a)) {
		t.Fatalf("sums after exchange: %v / %v", sa, sb)
	}
}

// lacking are the todo items of vs that items does not hold.
func lacking(vs []*record.Version, items negentropy.Storage) map[negentropy.ID]bool {
	held := map[negentropy.ID]bool{}
	for i := range items.Len() {
		held[items.Item(i).ID] = true
	}
	out := map[negentropy.ID]bool{}
	for _, v := range vs {
		id, _ := negentropy.IDFromVersionID(v.ID)
		if v.Collection == todo && !held[id] {
			out[id] = true
		}
	}
	return out
}

func wantIDs(t *testing.T, what string, got, want map[negentropy.ID]bool) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d ids; want %d", what, len(got), len(want))
	}
	for id := range want {
		if !got[id] {
			t.Fatalf("%s lacks %v", what, id)
		}
	}
}

func itemIDs(t *testing.T, s versions.Store) []negentropy.ID {
	t.Helper()
	items, err := s.Items(ctx, todo)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]negentropy.ID, items.Len())
	for i := range ids {
		ids[i] = items.Item(i).ID
	}
	return ids
}
