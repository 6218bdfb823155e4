package shortlink

import (
	"errors"
	"testing"
)

// Places (03 §7.7): scheme-less means wss://, or ws:// on loopback; the
// other schemes stay; %, @, ",", #, & and white space are percent-encoded.
func TestPlaces(t *testing.T) {
	cases := []struct{ url, place string }{
		{"wss://host.example", "host.example"},
		{"wss://relay.example/minca", "relay.example/minca"},
		{"wss://relay.example:8443/a?b=1", "relay.example:8443/a?b=1"},
		{"ws://localhost:7000", "localhost:7000"},
		{"ws://127.0.0.1/x", "127.0.0.1/x"},
		{"ws://[::1]:9", "[::1]:9"},
		{"wss://localhost", "wss://localhost"},
		{"wss://127.0.0.1:1", "wss://127.0.0.1:1"},
		{"nostr+wss://relay.example", "nostr+wss://relay.example"},
		{"wss://r.example/a@b,c#d&e%f", "r.example/a%40b%2Cc%23d%26e%25f"},
		{"wss://localhost.example", "localhost.example"},
	}
	for _, c := range cases {
		p, err := Place(c.url)
		if err != nil || p != c.place {
			t.Errorf("Place(%s) = %s (%v), want %s", c.url, p, err, c.place)
		}
		u, err := URLOf(c.place)
		if err != nil || u != c.url {
			t.Errorf("URLOf(%s) = %s (%v), want %s", c.place, u, err, c.url)
		}
	}
	for _, bad := range []string{"ws://relay.example", "https://relay.example", "relay.example", ""} {
		if _, err := Place(bad); !errors.Is(err, ErrLink) {
			t.Errorf("Place(%q): %v", bad, err)
		}
	}
}

// A reader reads at most two places and ignores one that fails checkRelays
// or is not percent-encoding.
func TestParseLinkPlaces(t *testing.T) {
	code := exampleLink(t).Code()
	cases := []struct {
		in   string
		want []string
	}{
		{code, nil},
		{code + "@a.example", []string{"wss://a.example"}},
		{code + "@a.example,b.example,c.example", []string{"wss://a.example", "wss://b.example"}},
		{code + "@ws://a.example,b.example", []string{"wss://b.example"}},
		{code + "@a%2.example,b.example", []string{"wss://b.example"}},
		{code + "@,", nil},
		{code + "@a%20b.example", nil},
		{"https://minca.app/#invite=" + code + "@a.example&x=1", []string{"wss://a.example"}},
		{"  " + code + "@localhost:1 ", []string{"ws://localhost:1"}},
	}
	for _, c := range cases {
		l, err := ParseLink(c.in)
		if err != nil {
			t.Errorf("ParseLink(%q): %v", c.in, err)
			continue
		}
		if l.Code() != code || len(l.Places) != len(c.want) {
			t.Errorf("ParseLink(%q) = %v, want %v", c.in, l.Places, c.want)
			continue
		}
		for i := range c.want {
			if l.Places[i] != c.want[i] {
				t.Errorf("ParseLink(%q) = %v, want %v", c.in, l.Places, c.want)
			}
		}
	}
}

// A code that is not 43 characters of canonical base64url is no link.
func TestParseLinkRefusals(t *testing.T) {
	code := exampleLink(t).Code()
	for _, bad := range []string{"", code[:42], code + "A", code[:42] + "+", code[:42] + "9@a.example", "@a.example",
		"eyJhdXRob3IiOiJkaWQ6a2V5OnpEbmFlZzZw.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"} {
		if _, err := ParseLink(bad); !errors.Is(err, ErrLink) {
			t.Errorf("ParseLink(%q): %v, want ErrLink", bad, err)
		}
	}
	l := exampleLink(t)
	l.Places = []string{"wss://a.example", "wss://b.example", "wss://c.example"}
	if _, err := l.String(); !errors.Is(err, ErrLink) {
		t.Errorf("three places written: %v", err)
	}
}
