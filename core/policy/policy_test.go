package policy

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
)

func mustJSON(t testing.TB, s string) any {
	t.Helper()
	v, err := cjson.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func mustPolicy(t testing.TB, s string) Policy {
	t.Helper()
	p, err := ParseJSON([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return p
}

type evalCase struct {
	Name   string          `json:"name"`
	Policy json.RawMessage `json:"policy"`
	Args   json.RawMessage `json:"args"`
	Want   string          `json:"want"`
}

// loadEval reads testdata/eval.json: policy, arguments (as a peer fills
// them in for the commands of 03 §2.3), outcome.
func loadEval(t testing.TB) []evalCase {
	t.Helper()
	b, err := os.ReadFile("testdata/eval.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []evalCase }
	if err := json.Unmarshal(b, &f); err != nil || len(f.Cases) == 0 {
		t.Fatalf("eval.json: %v", err)
	}
	return f.Cases
}

// TestEval runs testdata/eval.json: 03 §2.2's null and no-data rules,
// connectives, quantifiers, like, inequalities and selectors.
func TestEval(t *testing.T) {
	for _, c := range loadEval(t) {
		t.Run(c.Name, func(t *testing.T) {
			p := mustPolicy(t, string(c.Policy))
			args := mustJSON(t, string(c.Args))
			got := p.Eval(args)
			if got.String() != c.Want {
				t.Fatalf("%s over %s = %v, want %v", c.Policy, c.Args, got, c.Want)
			}
			if p.Holds(args) != (got == True) {
				t.Fatal("Holds disagrees with Eval")
			}
		})
	}
}

// TestUnopened: 03 §2.2, arguments a peer cannot read. A statement that
// reads the body and finds no data counts as holding at a peer that can't
// open it; the rest is judged.
func TestUnopened(t *testing.T) {
	args := func(collection string) map[string]any {
		return map[string]any{"collection": collection, "byCreator": true, "body": Unopened}
	}
	cases := []struct {
		pol  string
		args map[string]any
		want Outcome
	}{
		{`[["==",".body.text","hi"]]`, args("app.chat"), Unknown},
		{`[["==",".body","hi"]]`, args("app.chat"), Unknown},
		{`[["not",["==",".body.text","hi"]]]`, args("app.chat"), Unknown},
		{`[["any",".body.tags",["==",".","x"]]]`, args("app.chat"), Unknown},
		{`[["==",".body.text","hi"],["==",".collection","app.chat"]]`, args("app.chat"), Unknown},
		{`[["==",".body.text","hi"],["==",".collection","app.chess"]]`, args("app.chat"), False},
		{`[["or",[["==",".body.text","hi"],["==",".collection","app.chess"]]]]`, args("app.chat"), Unknown},
		{`[["==",".collection","app.chat"]]`, args("app.chat"), True},
		{`[["==",".",{"body":1}]]`, map[string]any{"body": Unopened}, Unknown},
		{`[["==",".body.x.y",1],["==",".nothing.z",1]]`, args("a"), NoData},
	}
	for _, c := range cases {
		p := mustPolicy(t, c.pol)
		got := p.Eval(c.args)
		if got != c.want {
			t.Errorf("%s = %v, want %v", c.pol, got, c.want)
		}
		if p.Holds(c.args) != (c.want == True || c.want == Unknown) {
			t.Errorf("%s: Holds wrong", c.pol)
		}
	}
}

// TestSpecExamples: the grants of 03 §2.3, as scenarios.
func TestSpecExamples(t *testing.T) {
	del := mustPolicy(t, `[["==", ".collection", "app.chess"], ["==", ".byCreator", true]]`)
	treasurer := mustPolicy(t, `[["==", ".role", "treasurer"], ["==", ".self", false]]`)
	mods := mustPolicy(t, `[["==", ".self", false], ["not", ["any", ".roles", ["==", ".", "admin"]]]]`)
	anythingButAdmin := mustPolicy(t, `[["!=", ".role", "admin"]]`)
	cases := []struct {
		name string
		pol  Policy
		args map[string]any
		want bool
	}{
		{"delete own move", del, map[string]any{"collection": "app.chess", "byCreator": true}, true},
		{"delete another's move", del, map[string]any{"collection": "app.chess", "byCreator": false}, false},
		{"delete own chat", del, map[string]any{"collection": "app.chat", "byCreator": true}, false},
		{"assign treasurer to another", treasurer, map[string]any{"role": "treasurer", "self": false, "roles": []string{"admin"}}, true},
		{"assign treasurer to oneself", treasurer, map[string]any{"role": "treasurer", "self": true, "roles": []string{"admin"}}, false},
		{"assign admin", treasurer, map[string]any{"role": "admin", "self": false, "roles": []string{}}, false},
		{"mod removes member", mods, map[string]any{"self": false, "roles": []string{"member"}}, true},
		{"mod removes admin", mods, map[string]any{"self": false, "roles": []string{"admin", "member"}}, false},
		{"mod removes one with no roles", mods, map[string]any{"self": false, "roles": []string{}}, true},
		{"!= admin holds for removing an admin", anythingButAdmin, map[string]any{"self": false, "roles": []string{"admin"}}, true},
		{"!= admin refuses assigning admin", anythingButAdmin, map[string]any{"role": "admin", "self": false, "roles": []string{}}, false},
	}
	for _, c := range cases {
		if got := c.pol.Holds(c.args); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ pol, want string }{
		{`{}`, "a policy is a list"},
		{`[1]`, "policy[0]: a statement is a non-empty list"},
		{`[[]]`, "policy[0]: a statement is a non-empty list"},
		{`[[1,".a",1]]`, "operator is a number"},
		{`[["~",".a",1]]`, "unknown operator"},
		{`[["==",".a"]]`, "takes a selector and one operand"},
		{`[["==","a",1]]`, "must start with"},
		{`[["==",".a.",1]]`, "a field name must follow"},
		{`[["==",".a[",1]]`, "unterminated"},
		{`[["==",".a[x]",1]]`, "bad index"},
		{`[["==",".a[01]",1]]`, "bad index"},
		{`[["==",".[\"a]",1]]`, "unterminated string"},
		{`[["==",".a b",1]]`, "unexpected"},
		{`[["==",1,1]]`, "selector is a number"},
		{`[["<",".a","1"]]`, "not a number"},
		{`[["like",".a",1]]`, "not a string"},
		{`[["not"]]`, "takes one statement"},
		{`[["not",["==",".a",1],["==",".a",1]]]`, "takes one statement"},
		{`[["and",["==",".a",1]]]`, "policy[0][1][0]"},
		{`[["or",{}]]`, "takes a list of statements"},
		{`[["any",".a",1]]`, "policy[0][2]"},
		{`[["and",[["or",[["not",["bogus"]]]]]]]`, "policy[0][1][0][1][0][1]"},
	}
	for _, c := range cases {
		_, err := ParseJSON([]byte(c.pol))
		if err == nil || !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one containing %q", c.pol, err, c.want)
		}
	}
	deep := strings.Repeat(`["not",`, MaxDepth+1) + `["==",".a",1]` + strings.Repeat("]", MaxDepth+1)
	if _, err := ParseJSON([]byte("[" + deep + "]")); err == nil {
		t.Error("over-deep policy parsed")
	}
	if _, err := Parse([]any{[]any{"==", ".a", struct{}{}}}); err == nil {
		t.Error("non-JSON operand parsed")
	}
}

func TestRaw(t *testing.T) {
	src := `[["==",".role","editor"],["or",[]]]`
	p := mustPolicy(t, src)
	b, err := cjson.Marshal(p.Raw())
	if err != nil || string(b) != src {
		t.Fatalf("%s %v", b, err)
	}
	if b, _ := cjson.Marshal(Policy{}.Raw()); string(b) != "[]" {
		t.Fatalf("zero policy raw %s", b)
	}
	if !(Policy{}).Holds(nil) {
		t.Fatal("zero policy holds for everything")
	}
}

func TestCommands(t *testing.T) {
	good := []string{"/", "/record", "/record/write", "/app.chess/move", "/a-b_c~"}
	bad := []string{"", "record", "//", "/record/", "/Record", "/a//b", "/a b", "/é", strings.Repeat("/a", 101)}
	for _, c := range good {
		if !IsCommand(c) {
			t.Errorf("%q refused", c)
		}
	}
	for _, c := range bad {
		if IsCommand(c) {
			t.Errorf("%q accepted", c)
		}
	}
	covers := []struct {
		g, c string
		want bool
	}{
		{"/", "/record/write", true},
		{"/", "/", true},
		{"/record", "/record/write", true},
		{"/record", "/record", true},
		{"/record/", "/record/delete", true},
		{"/record", "/records", false},
		{"/role/ass", "/role/assign", false},
		{"/record/write", "/record", false},
		{"/role/assign", "/role/unassign", false},
	}
	for _, c := range covers {
		if got := Covers(c.g, c.c); got != c.want {
			t.Errorf("Covers(%q, %q) = %v", c.g, c.c, got)
		}
	}
}

func TestSelectorString(t *testing.T) {
	s, err := ParseSelector(`.a[0]?.["b"][]`)
	if err != nil || s.String() != `.a[0]?.["b"][]` {
		t.Fatal(s, err)
	}
	v, ok := s.Select(map[string]any{"a": []any{map[string]any{"b": []any{1.0}}}})
	if !ok || len(v.([]any)) != 1 {
		t.Fatal(v, ok)
	}
}
