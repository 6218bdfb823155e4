package folder

import (
	"errors"
	"testing"
)

func TestEncode(t *testing.T) {
	cases := []struct{ in, want string }{
		{"abc-1.2_3", "abc-1.2_3"},
		{"space:Abc", "space%3A%41bc"},
		{"a/b", "a%2Fb"},
		{"é", "%C3%A9"},
		{"\x00", "%00"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Encode(c.in); got != c.want {
			t.Errorf("Encode(%q) = %q, want %q", c.in, got, c.want)
		}
		if back, err := Decode(c.want); err != nil || back != c.in {
			t.Errorf("Decode(%q) = %q, %v", c.want, back, err)
		}
	}
}

func TestDecodeRefusesOtherSpellings(t *testing.T) {
	for _, n := range []string{"%3a", "A", "%", "%4", "%61", "a b", "%ZZ", "x%2"} {
		if _, err := Decode(n); !errors.Is(err, ErrBadName) {
			t.Errorf("Decode(%q): %v, want ErrBadName", n, err)
		}
	}
}

func TestCheckSegment(t *testing.T) {
	for _, s := range []string{"", ".", "..", "a/b", `a\b`, "a\x00"} {
		if CheckSegment(s) == nil {
			t.Errorf("segment %q accepted", s)
		}
	}
	for _, s := range []string{"a", "...", ".x", "a.seg"} {
		if err := CheckSegment(s); err != nil {
			t.Errorf("segment %q: %v", s, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"space%3A%41bc", "%", "%zz", "abc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := Decode(name)
		if err != nil {
			return
		}
		if Encode(s) != name {
			t.Fatalf("Decode(%q) = %q does not encode back", name, s)
		}
	})
}
