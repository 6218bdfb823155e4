package runtime

import (
	"context"
	"testing"

	"minca.dev/desktop/core/record"
)

// noteMemo finds each version's account as rootOf does, its notes checked
// once: for every version of a space Alice and Bob wrote in, and for copies
// that must fail (the note's audience, its signature or the version's author
// changed, a createdAt that does not parse) checked against the same memo
// after the genuine note, so a copy of a seen note is not taken for it.
func TestNoteMemoAgrees(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	alice.n.mu.Lock()
	defer alice.n.mu.Unlock()
	h := alice.n.spaces[id]
	sums, err := h.store.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	memo, roots := noteMemo{}, map[string]int{}
	check := func(what string, v *record.Version) {
		t.Helper()
		if got, want := memo.root(v), rootOf(v); got != want {
			t.Fatalf("%s %s: memo %q, rootOf %q", what, v.ID, got, want)
		}
	}
	for c := range sums {
		vs, err := h.store.Collection(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			check("as written", v)
			roots[rootOf(v)]++
			if v.Proof == nil {
				continue
			}
			forged := cloneJSON(v.Proof).(map[string]any)
			forged["payload"].(map[string]any)["aud"] = bob.did
			sig := cloneJSON(v.Proof).(map[string]any)
			s, flip := sig["sig"].(string), "A"
			if s[0] == 'A' {
				flip = "B"
			}
			sig["sig"] = flip + s[1:] // as long, another signature
			for what, w := range map[string]*record.Version{
				"audience changed":  {ID: v.ID, Author: v.Author, CreatedAt: v.CreatedAt, Proof: forged},
				"signature changed": {ID: v.ID, Author: v.Author, CreatedAt: v.CreatedAt, Proof: sig},
				"author changed":    {ID: v.ID, Author: bob.did, CreatedAt: v.CreatedAt, Proof: v.Proof},
				"bad createdAt":     {ID: v.ID, Author: v.Author, CreatedAt: "yesterday", Proof: v.Proof},
			} {
				if rootOf(w) != "" {
					t.Fatalf("%s: rootOf %q, want none", what, rootOf(w))
				}
				check(what, w)
			}
		}
	}
	if roots[alice.did] == 0 || roots[bob.did] == 0 {
		t.Fatalf("roots found %v, want Alice's and Bob's versions among them", roots)
	}
}

// cloneJSON is a deep copy of a JSON-shaped value.
func cloneJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = cloneJSON(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cloneJSON(e)
		}
		return out
	}
	return v
}
