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

// FuzzParseBodies: the bodies of sys.role, sys.succeed, sys.relays,
// sys.keepers and sys.profile versions never panic their readers, and what
// they accept writes back to what they accept.
func FuzzParseBodies(f *testing.F) {
	f.Add([]byte(`{"name":"member","title":"Member","grants":[` + payload("/record/write", `[["==",".collection","app.chess"]]`) + `],"nests":["guest"]}`))
	f.Add([]byte(`{"space":"` + chessID + `"}`))
	f.Add([]byte(`{"relays":["wss://a","nostr+wss://b/c","ws://[::1]:80"]}`))
	f.Add([]byte(`{"keepers":[{"did":"did:key:zA","name":"home"}],"copies":2}`))
	f.Add([]byte(`{"name":"Alice","contactKey":"AwFM-6h0Js6WTFMPqM9EDDkDHknhhgfst2aD-fROgWoV"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := cjson.Parse(b)
		if err != nil {
			return
		}
		if d, err := ParseDefinition(v, "role:member", alice, chessID); err == nil {
			for _, g := range d.Grants {
				back, err := ParseGrantPayload(GrantPayload(g, alice, chessID, d.Name, "n"), alice, chessID, d.Name)
				if err != nil || back.Key() != g.Key() {
					t.Fatalf("grant does not write back: %v", err)
				}
			}
		}
		if id, err := ParseSucceed(v, SucceedKey(chessID)); err == nil && id != chessID {
			t.Fatal("succeed at the wrong key")
		}
		if relays, err := ParseRelays(v); err == nil {
			if _, err := CheckRelays(anyList(relays)); err != nil {
				t.Fatal(err)
			}
		}
		_, _ = ParseKeepers(v)
		_, _ = ParseProfile(v)
		_, _ = ParseGrant(v)
		_, _ = ParseFoundingRole(v)
	})
}
