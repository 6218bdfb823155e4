package invite

import (
	"testing"
)

// 03 §7.4: a reader accepts the bare string or a link containing
// #invite=, ?invite= or &invite=, taking the value up to & or white space.
func TestExtract(t *testing.T) {
	const inv = "eyJhdXRob3IiOiJ9.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
	cases := map[string]string{
		inv:                                    inv,
		"  " + inv + "\n":                      inv,
		"https://minca.app/#invite=" + inv:     inv,
		"https://minca.app/join?invite=" + inv: inv,
		"https://minca.app/join?x=1&invite=" + inv + "&y=2":      inv,
		"https://minca.app/#invite=" + inv + " and more":         inv,
		"Join us: https://minca.app/#invite=" + inv + "\tthanks": inv,
		"https://minca.app/#invite=" + inv + "\u00a0rest":        inv,
		"?invite=a&invite=b": "a",
		"#invite=":           "",
		"&invite=x#invite=y": "x#invite=y",
	}
	for in, want := range cases {
		if got := Extract(in); got != want {
			t.Errorf("Extract(%q) = %q, want %q", in, got, want)
		}
	}
}

// Encode then Parse gives the invitation back byte for byte, with or
// without the secret, bare or in a link.
func TestEncodeParseRoundTrip(t *testing.T) {
	v := mustMake(t, roleParams(t))
	for _, secret := range [][]byte{nil, secret0()} {
		s, err := Encode(v, secret)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{s, "https://x.example/#invite=" + s, "x?invite=" + s + "&z"} {
			p, err := Parse(in)
			if err != nil {
				t.Fatalf("parse %q: %v", in, err)
			}
			if string(p.Secret) != string(secret) {
				t.Errorf("secret %x, want %x", p.Secret, secret)
			}
			a, err := Accept(p.Invitation, p.Secret)
			if secret == nil {
				if ReasonOf(err) != ReasonNoSecret {
					t.Errorf("role invite without secret: %v", err)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			again, err := Encode(a.Invitation.Version, a.Secret)
			if err != nil || again != s {
				t.Errorf("re-encoded differs (%v)", err)
			}
		}
	}
	if _, err := Encode(v, make([]byte, 31)); ReasonOf(err) != ReasonSecret {
		t.Errorf("encode with a 31-byte secret: %v", err)
	}
}

// A role invite whose body names no role (the secret makes it one) is
// accepted, previews with no role, and is no view-only invite.
func TestRoleInviteWithoutRoleInBody(t *testing.T) {
	p := roleParams(t)
	p.Role, p.RoleInvite = "", true
	s, err := Encode(mustMake(t, p), secret0())
	if err != nil {
		t.Fatal(err)
	}
	a, err := AcceptString(s)
	if err != nil {
		t.Fatal(err)
	}
	if pv := a.Preview(); pv.ViewOnly || pv.Role != "" || a.InviteDID == "" {
		t.Errorf("preview %+v", pv)
	}
}

// Closing by link: the invite DID of the secret the string carries (§7.6).
func TestDIDOfInvite(t *testing.T) {
	v := mustMake(t, roleParams(t))
	s, _ := Encode(v, secret0())
	did, err := DIDOfInvite("https://x.example/#invite=" + s)
	if err != nil || did != loadVector(t, "invite-key").Expected["invite_did"] {
		t.Errorf("DID %s (%v)", did, err)
	}
	view, _ := Encode(v, nil)
	if _, err := DIDOfInvite(view); ReasonOf(err) != ReasonNoSecret {
		t.Errorf("view-only: %v", err)
	}
}
