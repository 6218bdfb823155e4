package access

import (
	"testing"

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
