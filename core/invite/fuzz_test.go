package invite

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
)

// FuzzParseInvitation: parsing and accepting any string never panics;
// every failure is a *Refusal; whatever is accepted encodes back to the
// value parsed (§7.4, §7.6).
func FuzzParseInvitation(f *testing.F) {
	v := mustMake(f, roleParams(f))
	role, _ := Encode(v, secret0())
	view, _ := Encode(mustMake(f, Params{Signer: testkit.Founder(f), Space: publicClub(f), CreatedAt: exampleTime, Rnd: testkit.Rand(5)}), nil)
	for _, s := range []string{role, view, "#invite=" + view, "?invite=" + role + "&x", "", ".", "eyJ9", "a.b.c",
		enc.B64URL([]byte(`{"collection":"sys.invitation","body":{"space":{"id":"b","name":"n"}}}`)),
		enc.B64URL([]byte(`{"collection":"sys.invitation","body":{"space":{"id":"b","name":"n"}}}`)) + ".AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrRefused) || ReasonOf(err) == "" {
				t.Fatalf("parse error without a reason: %v", err)
			}
			return
		}
		a, err := Accept(p.Invitation, p.Secret)
		if err != nil {
			if ReasonOf(err) == "" {
				t.Fatalf("accept error without a reason: %v", err)
			}
			return
		}
		again, err := Encode(a.Invitation.Version, a.Secret)
		if err != nil {
			t.Fatalf("accepted but not encodable: %v", err)
		}
		p2, err := Parse(again)
		if err != nil || string(p2.Secret) != string(a.Secret) {
			t.Fatalf("re-encoded invite does not parse: %v", err)
		}
		_ = a.Preview()
	})
}

// FuzzExtract: the value taken from a link holds no & and no white space
// at its ends, and a bare value is returned as is.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"x#invite=a&b", "?invite= x", "&invite=\u2028", "abc", " a b "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := Extract(s)
		if len(v) > len(s) {
			t.Fatalf("Extract grew the input")
		}
		if got := Extract(v); got != v && !hasMarker(v) {
			t.Fatalf("Extract(Extract(%q)) = %q, not %q", s, got, v)
		}
	})
}

func hasMarker(s string) bool {
	for _, m := range linkMarkers {
		for i := 0; i+len(m) <= len(s); i++ {
			if s[i:i+len(m)] == m {
				return true
			}
		}
	}
	return false
}

// FuzzParseNodes: never panics; an accepted list keeps every rule.
func FuzzParseNodes(f *testing.F) {
	did := "did:key:zDnaepvP6YSjYyaBgu3v9VSziUgdmpk4t5a4Xw9VVA1e1BEd9"
	f.Add("wss://a.example#"+did, "ws://localhost:1#"+did)
	f.Add("wss://a.example#"+did, "wss://a.example#"+did)
	f.Add("https://a#x", "")
	f.Fuzz(func(t *testing.T, a, b string) {
		nodes, err := ParseNodes([]string{a, b})
		if err != nil {
			return
		}
		if len(nodes) != 2 || nodes[0].URL == nodes[1].URL || nodes[0].String() != a || nodes[1].String() != b {
			t.Fatalf("accepted %q %q as %v", a, b, nodes)
		}
	})
}
