package handshake

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

const (
	didA  = "did:key:zDnaeUEY3vrNH2aBdwvsv4qvZpDJ2qHm3Z6UFkorqWJw3CmZT"
	nonce = "AAECAwQFBgcICQoLDA0ODw"
	sig   = "S1FRPR_8sl_zpA8UAtIxItH69RGyrLEKlWfLoa5oI0oYaM7zHki7T3jQGBDltzP5S9T5ptXi5exFmhLiOUjRIQ"
)

func TestParseHandshakeRefuses(t *testing.T) {
	hello := func(extra string) string {
		return `{"type":"hello","did":"` + didA + `","nonce":"` + nonce + `","sig":"` + sig + `"` + extra + `}`
	}
	for _, tc := range []struct{ name, in string }{
		{"empty", ``},
		{"not an object", `["challenge"]`},
		{"no type", `{"nonce":"` + nonce + `","did":"` + didA + `"}`},
		{"unknown type", `{"type":"hi"}`},
		{"type not a string", `{"type":1}`},
		{"member twice", `{"type":"challenge","nonce":"` + nonce + `","did":"` + didA + `","did":"` + didA + `"}`},
		{"data after", `{"type":"welcome","did":"` + didA + `","sig":"` + sig + `"} {}`},
		{"short nonce", `{"type":"challenge","nonce":"AAEC","did":"` + didA + `"}`},
		{"nonce not base64url", `{"type":"challenge","nonce":"AAECAwQFBgcICQoLDA0O+w","did":"` + didA + `"}`},
		{"nonce non-canonical tail", `{"type":"challenge","nonce":"AAECAwQFBgcICQoLDA0ODx","did":"` + didA + `"}`},
		{"did not a did:key", `{"type":"challenge","nonce":"` + nonce + `","did":"did:web:example.com"}`},
		{"did not decoding", `{"type":"challenge","nonce":"` + nonce + `","did":"did:key:zDnaeUEY3vrNH2aBdwvsv4qvZpDJ2qHm3Z6UFkorqWJw3CmZZ"}`},
		{"welcome without sig", `{"type":"welcome","did":"` + didA + `"}`},
		{"sig too short", `{"type":"welcome","did":"` + didA + `","sig":"AAAA"}`},
		{"hello without nonce", `{"type":"hello","did":"` + didA + `","sig":"` + sig + `"}`},
		{"read malformed", hello(`,"read":"xx"`)},
		{"readKey not a DID", hello(`,"readKey":"nope"`)},
		{"member empty", hello(`,"member":""`)},
		{"member not base64url", hello(`,"member":"a+b"`)},
		{"earlier not an array", hello(`,"earlier":{}`)},
		{"earlier entry without read", hello(`,"earlier":[{"readKey":"` + didA + `"}]`)},
		{"invalid UTF-8", "{\"type\":\"challenge\",\"x\":\"\xff\"}"},
		{"too big", `{"type":"challenge","pad":"` + strings.Repeat("x", MaxHandshakeFrame) + `"}`},
	} {
		if _, err := ParseHandshake([]byte(tc.in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %v, want ErrMalformed", tc.name, err)
		}
	}
}

func TestParseHandshakeAccepts(t *testing.T) {
	for _, in := range []string{
		`{"type":"challenge","nonce":"` + nonce + `","did":"` + didA + `","extra":[1,2]}`,
		` {"did":"` + didA + `","sig":"` + sig + `","type":"welcome"} `,
		`{"type":"hello","did":"` + didA + `","nonce":"` + nonce + `","sig":"` + sig + `","earlier":[` + strings.Repeat(`{"readKey":"`+didA+`","read":"`+sig+`"},`, MaxEarlier) + `5]}`,
	} {
		if _, err := ParseHandshake([]byte(in)); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

func TestEnvelope(t *testing.T) {
	e := Envelope{Type: TypeSync, From: didA, Payload: json.RawMessage(`{"v":8,"type":"hello","holds":"all"}`)}
	b, err := MarshalEnvelope(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"sync","from":"` + didA + `","payload":{"v":8,"type":"hello","holds":"all"}}`
	if string(b) != want {
		t.Fatalf("got %s", b)
	}
	got, err := ParseEnvelope(b)
	if err != nil || got.Type != e.Type || got.From != e.From || !bytes.Equal(got.Payload, e.Payload) {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	for _, tc := range []struct{ name, in string }{
		{"not JSON", `sync`},
		{"array", `[]`},
		{"no type", `{"from":"x","payload":1}`},
		{"empty type", `{"type":"","from":"x","payload":1}`},
		{"long type", `{"type":"` + strings.Repeat("t", MaxType+1) + `","from":"x","payload":1}`},
		{"no from", `{"type":"sync","payload":1}`},
		{"from not a string", `{"type":"sync","from":7,"payload":1}`},
		{"long from", `{"type":"sync","from":"` + strings.Repeat("d", MaxDID+1) + `","payload":1}`},
		{"no payload", `{"type":"sync","from":"x"}`},
		{"payload twice", `{"type":"sync","from":"x","payload":1,"payload":2}`},
		{"truncated", `{"type":"sync","from":"x","payload":{"v":8`},
		{"trailing", `{"type":"sync","from":"x","payload":1}x`},
	} {
		if _, err := ParseEnvelope([]byte(tc.in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %v", tc.name, err)
		}
	}
	for _, bad := range []Envelope{
		{Type: "", From: didA, Payload: json.RawMessage(`1`)},
		{Type: "sync", From: "", Payload: json.RawMessage(`1`)},
		{Type: "sync", From: didA, Payload: json.RawMessage(`{`)},
		{Type: "sync", From: didA},
	} {
		if _, err := MarshalEnvelope(bad); err == nil {
			t.Errorf("marshalled %+v", bad)
		}
	}
}

func TestLiveFits(t *testing.T) {
	fit := json.RawMessage(`"` + strings.Repeat("a", MaxLive-2) + `"`)
	over := json.RawMessage(`"` + strings.Repeat("a", MaxLive-1) + `"`)
	astral := json.RawMessage(`"` + strings.Repeat("😀", MaxLive/2) + `"`) // 2 units each + quotes
	for _, tc := range []struct {
		p    json.RawMessage
		want bool
	}{{fit, true}, {over, false}, {astral, false}, {json.RawMessage(`{"type":"typing"}`), true}, {json.RawMessage(`{`), false}} {
		if got := LiveFits(tc.p); got != tc.want {
			t.Errorf("LiveFits(%d bytes) = %v", len(tc.p), got)
		}
	}
}

func FuzzParseEnvelope(f *testing.F) {
	f.Add([]byte(`{"type":"sync","from":"` + didA + `","payload":{"v":8}}`))
	f.Add([]byte(`{"type":"who","from":"x","payload":{"note":{}},"room":"r"}`))
	f.Add([]byte(`{"type":"live","from":"x","payload":null}`))
	f.Add([]byte(`{"type":"sync","from":"x","payload":1,"payload":2}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := ParseEnvelope(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error not ErrMalformed: %v", err)
			}
			return
		}
		if e.From == "" { // a receiver takes it; we never write one
			return
		}
		out, err := MarshalEnvelope(e)
		if err != nil {
			t.Fatalf("marshal what parsed: %v", err)
		}
		e2, err := ParseEnvelope(out)
		if err != nil || e2.Type != e.Type || e2.From != e.From || !bytes.Equal(e2.Payload, e.Payload) {
			t.Fatalf("round trip: %+v %v", e2, err)
		}
	})
}

func FuzzParseHandshake(f *testing.F) {
	b, err := os.ReadFile("testdata/handshake-vectors.json")
	if err != nil {
		f.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(b, &vs); err != nil {
		f.Fatal(err)
	}
	for _, v := range vs {
		f.Add([]byte(v.Expected.Challenge))
		f.Add([]byte(v.Expected.Hello))
		f.Add([]byte(v.Expected.Welcome))
	}
	f.Add([]byte(`{"type":"hello","earlier":[1]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		fr, err := ParseHandshake(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error not ErrMalformed: %v", err)
			}
			return
		}
		out, err := Marshal(fr)
		if err != nil {
			t.Fatalf("marshal what parsed: %v", err)
		}
		fr2, err := ParseHandshake(out)
		if err != nil {
			t.Fatalf("reparse %s: %v", out, err)
		}
		out2, _ := Marshal(fr2)
		if !bytes.Equal(out, out2) {
			t.Fatalf("not stable: %s vs %s", out, out2)
		}
	})
}
