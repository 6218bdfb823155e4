package runtime

import (
	"context"
	"slices"
	"testing"

	"minca.dev/desktop/core/record"
)

// accountVersions passes over no version of the account: for Alice and
// Bob, every version of every collection whose account (rootOf) is theirs
// is among those it gives, with the same place in its line; versions of
// neither are mostly left out.
func TestAccountVersionsMissNone(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	write(t, bob, id, "from bob")
	write(t, alice, id, "from alice")
	alice.n.mu.Lock()
	defer alice.n.mu.Unlock()
	h := alice.n.spaces[id]
	sums, err := h.store.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, who := range []*person{alice, bob} {
		found := 0
		for c := range sums {
			all, err := h.store.Collection(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			got, err := accountVersions(ctx, h.store, c, who.did)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range all {
				if rootOf(v) != who.did {
					continue
				}
				found++
				i := slices.IndexFunc(got, func(g *record.Version) bool { return g.ID == v.ID })
				if i < 0 {
					t.Fatalf("%s's version %s of %s passed over", who.name, v.ID, c)
				}
				if g := got[i]; g.Author != v.Author || g.Log == nil || v.Log == nil || *g.Log != *v.Log || rootOf(g) != who.did {
					t.Fatalf("%s's version %s read as %+v, kept as %+v", who.name, v.ID, g, v)
				}
			}
		}
		if found == 0 {
			t.Fatalf("no version of %s found", who.name)
		}
	}
}
