package versions

import (
	"bytes"
	"testing"

	"minca.dev/desktop/core/cjson"
)

// joinByParse is joinBody the slow way: parse, add the member, write.
func joinByParse(stub, body []byte) ([]byte, bool) {
	s, err := cjson.Parse(stub)
	if err != nil {
		return nil, false
	}
	m, ok := s.(map[string]any)
	if !ok || m[bodyMember] != nil {
		return nil, false
	}
	if _, has := m[bodyMember]; has {
		return nil, false
	}
	b, err := cjson.Parse(body)
	if err != nil {
		return nil, false
	}
	m[bodyMember] = b
	out, err := cjson.Marshal(m)
	return out, err == nil
}

func TestJoinBody(t *testing.T) {
	cases := []struct {
		name, stub, body string
		ok               bool
	}{
		{"body first", `{"id":"x"}`, `{"a":1}`, true},
		{"body between", `{"author":"a","bodyHash":"h","id":"x"}`, `"t"`, true},
		{"body last", `{"a":1,"b":[1,{"c":"}"}],"bo":null}`, `[1,2]`, true},
		{"after nested", `{"a":{"x":[{"y":"\"}]"}]},"z":true}`, `null`, true},
		{"scalars", `{"a":-1500.5,"b":false,"c":"d"}`, `0`, true},
		{"escaped key", `{"a\"b":1}`, `1`, false},
		{"non-ascii key", `{"é":1}`, `1`, false},
		{"body already", `{"body":1}`, `1`, false},
		{"empty", `{}`, `1`, false},
		{"not an object", `[1]`, `1`, false},
		{"cut", `{"a":`, `1`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := joinBody([]byte(c.stub), []byte(c.body))
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v (%s)", ok, c.ok, got)
			}
			if !ok {
				return
			}
			want, _ := joinByParse([]byte(c.stub), []byte(c.body))
			if !bytes.Equal(got, want) {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// FuzzJoinBody: whenever joinBody joins a canonical object and a body, it
// gives what parsing, adding the member and writing gives.
func FuzzJoinBody(f *testing.F) {
	f.Add([]byte(`{"author":"a","id":"x","log":{"n":0}}`), []byte(`{"text":"milk"}`))
	f.Add([]byte(`{"a":[1,"]"],"z":{}}`), []byte(`"x"`))
	f.Add([]byte(`{"a\u00e9":1}`), []byte(`1`))
	f.Fuzz(func(t *testing.T, stub, body []byte) {
		got, ok := joinBody(stub, body)
		want, wok := joinByParse(stub, body)
		canonical := wok && bytes.Equal(mustMarshal(t, stub), stub) && bytes.Equal(mustMarshal(t, body), body)
		if !ok || !canonical {
			return // only canonical input is ever stored
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("joinBody(%q, %q) = %q, want %q", stub, body, got, want)
		}
	})
}

func mustMarshal(t *testing.T, b []byte) []byte {
	v, err := cjson.Parse(b)
	if err != nil {
		return nil
	}
	out, err := cjson.Marshal(v)
	if err != nil {
		return nil
	}
	return out
}
