package shortlink

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/space"
)

// FuzzParseLink: parsing any string never panics; a parsed link has a
// 43-character code, at most two places, each a relay URL, and writes out
// to a link that parses back to the same.
func FuzzParseLink(f *testing.F) {
	code := "AAECAwQFBgcICQoLDA0OD_Dx8vP09fb3-Pn6-_z9_v8"
	for _, s := range []string{code, code + "@host.example,relay.example/minca", code + "@localhost:1,[::1]:2,x",
		"#invite=" + code + "@a%40b.example&x", code + "@%zz", code + "@nostr+wss://r.example", "", "@", code[:42]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("error not ErrLink: %v", err)
			}
			return
		}
		if len(l.Code()) != CodeLen || len(l.Places) > MaxPlaces {
			t.Fatalf("parsed %+v", l)
		}
		for _, p := range l.Places {
			if !space.IsRelay(p) {
				t.Fatalf("place %q is no relay", p)
			}
		}
		text, err := l.String()
		if err != nil {
			t.Fatalf("parsed link does not write: %v", err)
		}
		again, err := ParseLink(text)
		if err != nil || again.S != l.S || again.Pin != l.Pin || len(again.Places) != len(l.Places) {
			t.Fatalf("%q → %q → %+v (%v)", s, text, again, err)
		}
		for i := range l.Places {
			if again.Places[i] != l.Places[i] {
				t.Fatalf("place %q came back as %q", l.Places[i], again.Places[i])
			}
		}
	})
}

// FuzzOpenBlob: opening any blob, or any plaintext sealed under the key,
// never panics and fails only with the sentinels of §7.7 step 4; a body it
// opens seals and opens again to the same.
func FuzzOpenBlob(f *testing.F) {
	key := bytes.Repeat([]byte{3}, 32)
	f.Add("", []byte(nil))
	f.Add("AAAA", zlibOf(f, []byte(`{"v":2,"invite":{}}`)))
	f.Add(mustSeal(f, key, Body{Invite: map[string]any{"a": 1.0}}), zlibOf(f, []byte(`{"v":2,"invite":{"x":[1,2]},"until":5}`)))
	f.Add("x", zlibOf(f, bytes.Repeat([]byte("a"), 70000)))
	f.Fuzz(func(t *testing.T, blob string, plaintext []byte) {
		for _, b := range []string{blob, sealRaw(t, key, plaintext)} {
			body, err := OpenBlob(key, b)
			if err != nil {
				if !errors.Is(err, ErrNotDecrypt) && !errors.Is(err, ErrInflate) &&
					!errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrBody) {
					t.Fatalf("unexpected error: %v", err)
				}
				continue
			}
			again, err := Seal(key, body, bytes.NewReader(make([]byte, NonceLen)))
			if errors.Is(err, ErrBlobLong) {
				continue
			}
			if err != nil {
				t.Fatalf("opened body does not seal: %v", err)
			}
			if _, err := OpenBlob(key, again); err != nil {
				t.Fatalf("resealed body does not open: %v", err)
			}
		}
	})
}
