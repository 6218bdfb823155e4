package cjson

import "testing"

func TestKind(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{nil, "null"}, {true, "a boolean"}, {1.5, "a number"}, {"x", "a string"},
		{[]any{}, "a list"}, {map[string]any{}, "an object"}, {3, "a int"},
	}
	for _, c := range cases {
		if got := Kind(c.v); got != c.want {
			t.Errorf("Kind(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}
