package access

import (
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
)

// The may() cache key tells apart what cjson writes alike: policy.Unopened
// and {} (in any place), and trusting from strict judgement.
func TestInvocationKeys(t *testing.T) {
	cases := []struct {
		name     string
		args     map[string]any
		trusting bool
	}{
		{"empty body", map[string]any{"body": map[string]any{}}, false},
		{"unopened body", map[string]any{"body": policy.Unopened}, false},
		{"unopened body, trusting", map[string]any{"body": policy.Unopened}, true},
		{"empty body, trusting", map[string]any{"body": map[string]any{}}, true},
		{"unopened a", map[string]any{"a": policy.Unopened, "b": map[string]any{}}, false},
		{"unopened b", map[string]any{"a": map[string]any{}, "b": policy.Unopened}, false},
		{"unopened in a list", map[string]any{"a": []any{map[string]any{}, policy.Unopened}}, false},
		{"unopened first in a list", map[string]any{"a": []any{policy.Unopened, map[string]any{}}}, false},
	}
	seen := map[string]string{}
	for _, c := range cases {
		inv, ok := invocationOf("/record/write", c.args, c.trusting)
		if !ok {
			t.Fatalf("%s: no invocation", c.name)
		}
		if other, dup := seen[inv.key]; dup {
			t.Errorf("%s and %s share the key %q", c.name, other, inv.key)
		}
		seen[inv.key] = c.name
	}
	again, _ := invocationOf("/record/write", map[string]any{"body": policy.Unopened}, false)
	if seen[again.key] != "unopened body" {
		t.Errorf("the same invocation has another key: %q", again.key)
	}
}

// NewInvocationJSON keys an invocation exactly as NewInvocation does when
// given args' canonical JSON, Unopened included (it ignores the JSON then).
func TestInvocationJSONKeys(t *testing.T) {
	for _, args := range []map[string]any{
		{"body": map[string]any{"n": 1.0, "t": "x"}, "byCreator": true, "collection": "app.todo.item"},
		{"body": map[string]any{}, "byCreator": false, "collection": "app.note"},
		{"body": policy.Unopened, "byCreator": true, "collection": "app.note"},
		{"body": []any{map[string]any{"a": policy.Unopened}}, "byCreator": true, "collection": "app.note"},
	} {
		b, err := cjson.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := NewInvocation("/record/write", args)
		got, gotOK := NewInvocationJSON("/record/write", args, b)
		if ok != gotOK || want.strict.key != got.strict.key {
			t.Errorf("%v: key %q (%v); want %q (%v)", args, got.strict.key, gotOK, want.strict.key, ok)
		}
	}
}
