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

// testItemsFollowChanges: after every put and removal, each collection's
// item set agrees with the versions kept and with the running sum, whatever
// the store keeps in memory between them.
func testItemsFollowChanges(t *testing.T, open Open) {
	s := fresh(t, open)
	vs := randomSet(t, 77, 40)
	for _, c := range []string{todo, note} {
		if _, err := s.Items(ctx, c); err != nil { // cache both
			t.Fatal(err)
		}
	}
	for i, v := range vs {
		put(t, s, v)
		if i%3 == 2 {
			if err := s.Remove(ctx, vs[i-1].ID, vs[i/2].ID); err != nil {
				t.Fatal(err)
			}
		}
		if i%5 == 4 {
			put(t, s, vs[i/2]) // back again
		}
		for _, c := range []string{todo, note} {
			wantItemsAgree(t, s, c)
		}
	}
}

func wantItemsAgree(t *testing.T, s versions.Store, c string) {
	t.Helper()
	items, err := s.Items(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := s.Collection(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := s.Sum(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if items.Len() != len(kept) || items.Len() != sum.Count || items.Sum(0, items.Len()) != sum.Sum {
		t.Fatalf("%s: %d items, %d versions kept, sum of %d", c, items.Len(), len(kept), sum.Count)
	}
	for i, v := range kept {
		id, _ := negentropy.IDFromVersionID(v.ID)
		want := negentropy.Item{Timestamp: record.ItemTimestamp(v.CreatedAt), ID: id}
		if items.Item(i) != want {
			t.Fatalf("%s: item %d is %v; want %v", c, i, items.Item(i), want)
		}
	}
}
