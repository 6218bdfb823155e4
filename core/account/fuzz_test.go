package account

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
)

// FuzzParsePass: any body is accepted or refused with ErrPass, never
// panics; an accepted one's seed names a read DID the pass vouches for,
// and it writes back to a body accepted the same.
func FuzzParsePass(f *testing.F) {
	reg, err := FromSeed(testSeed, Registry)
	if err != nil {
		f.Fatal(err)
	}
	p, err := NewPass(reg.Space, reg.Key)
	if err != nil {
		f.Fatal(err)
	}
	good, err := cjson.Marshal(p.Body())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(good))
	f.Add(`{"v":1,"closed":true}`)
	f.Add(`{"v":1,"space":{}}`)
	f.Fuzz(func(t *testing.T, body string) {
		x, err := cjson.Parse([]byte(body))
		if err != nil {
			return
		}
		p, err := ParsePass(x)
		if err != nil {
			if !errors.Is(err, ErrPass) {
				t.Fatalf("error %v is not ErrPass", err)
			}
			return
		}
		if p.Space.Private() {
			kp, err := identity.DeriveKeyPairFromSeed(p.ReadSeed)
			if err != nil || (kp.DID() != p.Space.ReadKey && kp.DID() != p.ReadKey) {
				t.Fatal("accepted a seed the pass does not vouch for")
			}
		}
		b, err := cjson.Marshal(p.Body())
		if err != nil {
			t.Fatal(err)
		}
		y, _ := cjson.Parse(b)
		if q, err := ParsePass(y); err != nil || q.Space.ID != p.Space.ID || q.ReadKey != p.ReadKey {
			t.Fatalf("written back: %v", err)
		}
	})
}

// FuzzParseMembership: any body parses or is refused with ErrMembership.
func FuzzParseMembership(f *testing.F) {
	f.Add(`{"space":"` + spaceA + `","invite":"x"}`)
	f.Add(`{"space":"bexample"}`)
	f.Fuzz(func(t *testing.T, body string) {
		x, err := cjson.Parse([]byte(body))
		if err != nil {
			return
		}
		m, err := ParseMembership(x)
		if err != nil && !errors.Is(err, ErrMembership) {
			t.Fatalf("error %v is not ErrMembership", err)
		}
		if err == nil {
			if again, err := ParseMembership(m.Body()); err != nil || again != m {
				t.Fatalf("written back: %v", err)
			}
		}
	})
}
