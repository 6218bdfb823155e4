package record

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/p256verify"
)

// TestVerifyCached: VerifyCached answers as Verify does, on the worked
// example and on each way of breaking it, with the DID decoded once and,
// from the first check, through the author's key table.
func TestVerifyCached(t *testing.T) {
	_, v := loadWeave(t)
	other := *v
	other.Body = map[string]any{"text": "Buy beer", "done": false}
	moved := *v
	moved.Collection = "app.todo.list"
	forged := *v
	forged.Signature = forgeSignature(v.Signature)
	badAuthor := *v
	badAuthor.Author = "did:key:zNotAKey"
	cases := []struct {
		name string
		v    *Version
		want error
	}{
		{"example", v, nil},
		{"stub", v.Stub(), nil},
		{"another body", &other, ErrBodyHash},
		{"changed member", &moved, ErrID},
		{"mangled signature", &forged, ErrSignature},
		{"bad author", &badAuthor, ErrID},
	}
	keys := identity.DIDCache{Tables: p256verify.NewCache(p256verify.Config{Threshold: 1, MaxTables: 1})}
	for round := range 2 { // the second round finds the DID cached
		for _, c := range cases {
			got, plain := VerifyCached(c.v, &keys), Verify(c.v)
			if !errors.Is(got, c.want) || (got == nil) != (c.want == nil) || (plain == nil) != (got == nil) || !errors.Is(plain, c.want) {
				t.Errorf("round %d, %s: VerifyCached %v, Verify %v, want %v", round, c.name, got, plain, c.want)
			}
		}
	}
	if st := keys.Tables.Stats(); st.Tables != 1 {
		t.Errorf("%+v: the author's table was not built", st)
	}
}
