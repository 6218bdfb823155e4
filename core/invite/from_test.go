package invite

import (
	"strings"
	"testing"
)

func TestFromRoundTrip(t *testing.T) {
	base := "https://minca.dev/join#invite=eyJhYmMiOjF9.AAEC"
	for _, name := range []string{"Ana", "Ana María", "Zoë & Co", "a=b?c#d", "  Ana  ", strings.Repeat("é", MaxFromLen)} {
		link := WithFrom(base, name)
		if got, want := From(link), strings.TrimSpace(name); got != want {
			t.Errorf("%q: From(%q) = %q", name, link, got)
		}
		if got := Extract(link); got != "eyJhYmMiOjF9.AAEC" {
			t.Errorf("%q: the invite read from %q is %q: the name leaked into it", name, link, got)
		}
	}
}

func TestFromRefused(t *testing.T) {
	base := "https://minca.dev/join#invite=eyJhYmMiOjF9"
	for _, name := range []string{"", "   ", "a\x00b", "line\nbreak", strings.Repeat("x", MaxFromLen+1)} {
		if link := WithFrom(base, name); link != base {
			t.Errorf("WithFrom(%q) = %q, want the link unchanged", name, link)
		}
	}
	for _, link := range []string{
		base,                  // none
		"eyJhYmMiOjF9",        // a bare invite
		base + "&from=%zz",    // a bad escape
		base + "&from=a%00b",  // a control character
		base + "&from=%ff",    // not UTF-8
		base + "&from=",       // empty
		base + "&from=%20%20", // only spaces
		base + "&notfrom=Ana", // another parameter
		"from=Ana",            // not after # ? &
		base + "&from=" + strings.Repeat("x", MaxFromLen+1),
	} {
		if got := From(link); got != "" {
			t.Errorf("From(%q) = %q, want none", link, got)
		}
	}
	// The first from= after a separator counts; one inside another value does not.
	if got := From(base + "&x=from=Eve&from=Ana&from=Bo"); got != "Ana" {
		t.Errorf("first from: %q", got)
	}
	if got := From("minca:#invite=abc&from=Ana+B"); got != "Ana B" {
		t.Errorf("minca: link: %q", got)
	}
}

// A bare invite with the name after it, as the window's Join field gets it
// from an opened link, reads as the invite and the name.
func TestBareInviteWithFrom(t *testing.T) {
	bare := WithFrom("eyJhYmMiOjF9.AAEC", "Ana B")
	if got := Extract(bare); got != "eyJhYmMiOjF9.AAEC" {
		t.Fatalf("Extract(%q) = %q", bare, got)
	}
	if got := From(bare); got != "Ana B" {
		t.Fatalf("From(%q) = %q", bare, got)
	}
}
