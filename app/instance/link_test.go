package instance

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/invite"
)

// shortExample is the short link of 03 §7.7's example.
const shortExample = "AAECAwQFBgcICQoLDA0OD_Dx8vP09fb3-Pn6-_z9_v8@host.example,relay.example/minca"

// longInvite is a long invite (03 §7.4) that passes §7.6 step 1, with a
// 43-character secret beside it.
func longInvite(t testing.TB) string {
	b, err := cjson.Marshal(map[string]any{
		"collection": "sys.invitation",
		"body": map[string]any{"space": map[string]any{
			"id": "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa", "name": "Chess club"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return enc.B64URL(b) + "." + enc.B64URL(make([]byte, 32))
}

func TestParseLink(t *testing.T) {
	long := longInvite(t)
	tests := []struct {
		name, in, invite string
		short            bool
		from             string
	}{
		{"minca short", "minca:" + shortExample, shortExample, true, ""},
		{"minca slashes", "minca://" + shortExample, shortExample, true, ""},
		{"minca upper scheme", "MINCA:" + shortExample, shortExample, true, ""},
		{"minca fragment", "minca://join#invite=" + long, long, false, ""},
		{"minca query", "minca://join?invite=" + long + "&from=mail", long, false, "mail"},
		{"minca inviter's name", "minca:" + long + "&from=Ana+Mar%C3%ADa", long, false, "Ana María"},
		{"https inviter's name", "https://minca.dev/join#invite=" + shortExample + "&from=Ana", shortExample, true, "Ana"},
		{"minca bad name ignored", "minca:" + long + "&from=%zz", long, false, ""},
		{"minca long", "minca:" + long, long, false, ""},
		{"white space around", "  minca:" + shortExample + "\n", shortExample, true, ""},
		{"https fragment", "https://minca.example/join#invite=" + long, long, false, ""},
		{"http query short", "http://127.0.0.1:8080/?x=1&invite=" + shortExample, shortExample, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ParseLink(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if l.Invite != tc.invite || l.Short != tc.short || l.From != tc.from {
				t.Fatalf("got %+v, want invite %q short %v from %q", l, tc.invite, tc.short, tc.from)
			}
			again, err := ParseLink(l.String())
			if err != nil || again != l {
				t.Fatalf("String %q reads back as %+v, %v", l.String(), again, err)
			}
		})
	}
}

// The inviter's name a link carries reaches the page with the invite
// (Pasted, what OnLink gets), and the node reads both back from it.
func TestLinkPastedKeepsName(t *testing.T) {
	long := longInvite(t)
	l, err := ParseLink("https://minca.dev/join#invite=" + long + "&from=Ana+Mar%C3%ADa")
	if err != nil {
		t.Fatal(err)
	}
	got := l.Pasted()
	if invite.Extract(got) != long || invite.From(got) != "Ana María" {
		t.Fatalf("Pasted %q reads as invite %q, name %q", got, invite.Extract(got), invite.From(got))
	}
	if _, err := invite.Parse(got); err != nil {
		t.Fatalf("the node's reader refuses %q: %v", got, err)
	}
	if bare, _ := ParseLink("minca:" + long); bare.Pasted() != long {
		t.Fatalf("a link without a name: Pasted %q, want the invite alone", bare.Pasted())
	}
}

func TestParseLinkRefuses(t *testing.T) {
	long := longInvite(t)
	tests := []struct {
		name, in string
		want     error
		says     string
	}{
		{"empty", "", ErrNotLink, "no scheme"},
		{"bare invite", shortExample, ErrNotLink, "no scheme"},
		{"other scheme", "file:///etc/passwd", ErrNotLink, `scheme "file"`},
		{"javascript", "javascript:alert(1)", ErrNotLink, `scheme "javascript"`},
		{"web link without invite", "https://minca.example/join", ErrNotLink, "without #invite="},
		{"control character", "minca:" + shortExample + "\x00", ErrNotLink, "control"},
		{"newline inside", "minca:AAEC\nAAEC", ErrNotLink, "control"},
		{"bad UTF-8", "minca:\xff", ErrNotLink, "UTF-8"},
		{"too long", "minca:" + strings.Repeat("A", MaxLinkLen), ErrNotLink, "at most"},
		{"minca empty", "minca:", ErrNoInvite, "empty"},
		{"minca junk", "minca://open/settings", ErrNoInvite, ""},
		{"minca marker empty", "minca:#invite=", ErrNoInvite, "empty"},
		{"short code too short", "minca:" + shortExample[:42], ErrNoInvite, ""},
		{"long not an invitation", "minca:" + enc.B64URL([]byte(`{"collection":"notes"}`)), ErrNoInvite, "sys.invitation"},
		{"long bad secret", "minca:" + long + "x", ErrNoInvite, ""},
		{"second marker inside", "minca:#invite=" + shortExample + "#invite=x", ErrNoInvite, `"#" inside`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ParseLink(tc.in)
			if !errors.Is(err, tc.want) {
				t.Fatalf("ParseLink = %+v, %v; want %v", l, err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("error %q does not say %q", err, tc.says)
			}
		})
	}
}

// FuzzParseLink: no panic; an accepted link has a minca: or http(s)
// scheme, a non-empty invite, and reads back the same from Link.String.
func FuzzParseLink(f *testing.F) {
	long := longInvite(f)
	for _, s := range []string{"minca:" + shortExample, "minca://join#invite=" + long, "https://x/#invite=" + shortExample,
		"minca:", "minca:#invite=&", "http://x?invite=" + long + " y", "MiNcA://" + shortExample + "@", "minca:%41"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err != nil {
			if !errors.Is(err, ErrNotLink) && !errors.Is(err, ErrNoInvite) {
				t.Fatalf("error %v is neither ErrNotLink nor ErrNoInvite", err)
			}
			return
		}
		scheme, _, _ := strings.Cut(strings.TrimSpace(s), ":")
		if sc := strings.ToLower(scheme); sc != "minca" && sc != "https" && sc != "http" {
			t.Fatalf("accepted scheme %q", scheme)
		}
		if l.Invite == "" {
			t.Fatal("accepted with an empty invite")
		}
		again, err := ParseLink(l.String())
		if err != nil || again != l {
			t.Fatalf("%q: String %q reads back as %+v, %v", s, l.String(), again, err)
		}
	})
}
