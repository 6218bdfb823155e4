package space

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/cjson"
)

func seedSpaces(f *testing.F) {
	for _, v := range loadConstitutions(f) {
		f.Add([]byte(v.Constitution))
		f.Add([]byte(`{"id":"` + v.ID + `",` + v.Constitution[1:]))
	}
	f.Add([]byte(`{"minca":"constitution/1","resolver":"strong-remove/1","top":"none"}`))
	f.Add([]byte(`[]`))
}

// FuzzCheckSpace: any bytes give a space or a *Refusal, never a panic; an
// accepted space's id is its constitution's cid, and its JSON checks again.
func FuzzCheckSpace(f *testing.F) {
	seedSpaces(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSpace(b)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Rule < 1 || r.Rule > 10 {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		if id, _ := s.Constitution.ID(); id != s.ID {
			t.Fatal("id mismatch")
		}
		again, err := cjson.Marshal(s.JSON())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseSpace(again); err != nil {
			t.Fatalf("accepted space refused on re-check: %v", err)
		}
	})
}

// FuzzParseConstitution: rules 1–9 never panic, and an accepted
// constitution's canonical form parses to the same id.
func FuzzParseConstitution(f *testing.F) {
	seedSpaces(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := cjson.Parse(b)
		if err != nil {
			return
		}
		c, err := ParseConstitution(v)
		if err != nil {
			return
		}
		canon, err := c.Canonical()
		if err != nil {
			t.Fatal(err)
		}
		v2, _ := cjson.Parse(canon)
		c2, err := ParseConstitution(v2)
		if err != nil {
			t.Fatalf("canonical form refused: %v", err)
		}
		id1, _ := c.ID()
		id2, _ := c2.ID()
		if id1 != id2 {
			t.Fatal("id changed")
		}
	})
}
