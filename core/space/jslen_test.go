package space

import "testing"

// JSLen counts as JavaScript does: astral characters two, lone surrogates
// (WTF-8, as core/cjson parses \udxxx) one.
func TestJSLen(t *testing.T) {
	cases := map[string]int{"": 0, "editor": 6, "é": 1, "𝄞": 2, "\xed\xa0\x80": 1, "a\xed\xb0\x80b": 3}
	for s, want := range cases {
		if got := JSLen(s); got != want {
			t.Errorf("JSLen(%q) = %d, want %d", s, got, want)
		}
	}
}
