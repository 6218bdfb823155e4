package runtime

import (
	"context"
	"fmt"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
)

// TestRemovalKeepsEarlierRecords: taking a role from Bob, then removing
// him, leaves what he wrote before standing (03 §6.3 cutoff, §5.1 step 4);
// without a cutoff his note was withdrawn for everyone.
func TestRemovalKeepsEarlierRecords(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	s := api.SpaceSummary{ID: id}
	for i := range 3 {
		if _, err := bob.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.note", Body: map[string]any{"n": i}}); err != nil {
			t.Fatal(err)
		}
	}
	standing := func() error {
		rs, err := alice.n.Records(ctx, s.ID, "app.note")
		if err != nil || len(rs) != 3 {
			return fmt.Errorf("records %+v %v", rs, err)
		}
		for _, r := range rs {
			if r.Standing != "stands" {
				return fmt.Errorf("bob's note %s: %s", r.Key, r.Standing)
			}
		}
		return nil
	}
	waitFor(t, "alice holds bob's notes, standing", standing)
	if err := alice.n.Unassign(ctx, s.ID, bob.did, "member"); err != nil {
		t.Fatal(err)
	}
	if err := standing(); err != nil {
		t.Fatalf("after the unassignment: %v", err)
	}
	if err := alice.n.Assign(ctx, s.ID, bob.did, "member"); err != nil {
		t.Fatal(err)
	}
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	if err := standing(); err != nil {
		t.Fatalf("after the removal: %v", err)
	}
}

func TestUnbrokenEnd(t *testing.T) {
	v := func(id string, n int64, prev string) *record.Version {
		return &record.Version{ID: id, Log: &record.Log{N: n, Prev: prev}}
	}
	at := func(vs ...*record.Version) map[int64][]*record.Version {
		m := map[int64][]*record.Version{}
		for _, x := range vs {
			m[x.Log.N] = append(m[x.Log.N], x)
		}
		return m
	}
	for _, tc := range []struct {
		name string
		at   map[int64][]*record.Version
		end  int64
		ok   bool
	}{
		{"nothing", at(), 0, false},
		{"no place 0", at(v("b", 1, "a")), 0, false},
		{"one", at(v("a", 0, "")), 0, true},
		{"three", at(v("a", 0, ""), v("b", 1, "a"), v("c", 2, "b")), 2, true},
		{"gap", at(v("a", 0, ""), v("b", 1, "a"), v("d", 3, "c")), 1, true},
		{"planted ahead", at(v("a", 0, ""), v("x", 2, "nobody")), 0, true},
		{"wrong prev", at(v("a", 0, ""), v("b", 1, "z")), 0, true},
		{"fork, one branch goes on", at(v("a", 0, ""), v("b", 1, "a"), v("b2", 1, "a"), v("c", 2, "b2")), 2, true},
	} {
		end, ok := unbrokenEnd(tc.at)
		if end != tc.end || ok != tc.ok {
			t.Errorf("%s: %d %v, want %d %v", tc.name, end, ok, tc.end, tc.ok)
		}
	}
}
