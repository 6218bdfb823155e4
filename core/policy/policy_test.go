package policy

import (
	"errors"
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

// evalCases: policy, arguments, outcome. The arguments of the commands of
// 03 §2.3 are written as a peer fills them in.
var evalCases = []struct {
	name, pol, args string
	want            Outcome
}{
	// 03 §2.2: a member the arguments lack reads as null.
	{"missing member is not admin", `[["==",".role","admin"]]`, `{"self":false,"roles":[]}`, False},
	{"missing member != admin holds", `[["!=",".role","admin"]]`, `{"self":false,"roles":[]}`, True},
	{"missing member not == holds", `[["not",["==",".role","admin"]]]`, `{"self":false,"roles":["admin"]}`, True},
	{"missing member == null", `[["==",".role",null]]`, `{}`, True},
	{"present null == null", `[["==",".role",null]]`, `{"role":null}`, True},
	// Only selecting further into it finds no data, which never holds.
	{"into missing body", `[["==",".body.text","x"]]`, `{"collection":"a"}`, NoData},
	{"!= into missing body", `[["!=",".body.text","x"]]`, `{"collection":"a"}`, NoData},
	{"not into missing body", `[["not",["==",".body.text","x"]]]`, `{}`, NoData},
	{"into a string", `[["==",".collection.x",1]]`, `{"collection":"a"}`, NoData},
	{"optional step", `[["==",".body?.text",null]]`, `{}`, NoData},
	{"optional last step", `[["==",".body.text?",null]]`, `{}`, True},
	{"member of present body", `[["==",".body.text","hi"]]`, `{"body":{"text":"hi"}}`, True},
	{"missing member of body", `[["==",".body.title",null]]`, `{"body":{"text":"hi"}}`, True},
	// 03 §2.2: write what is allowed.
	{"or of == : member", `[["or",[["==",".role","member"],["==",".role","mod"]]]]`, `{"role":"member","self":false,"roles":[]}`, True},
	{"or of == : admin", `[["or",[["==",".role","member"],["==",".role","mod"]]]]`, `{"role":"admin","self":false,"roles":[]}`, False},
	{"or of == : no role", `[["or",[["==",".role","member"],["==",".role","mod"]]]]`, `{"self":false,"roles":[]}`, False},
	{"1 and 1.0 are one value", `[["==",".n",1.0]]`, `{"n":1}`, True},
	{"deep equality", `[["==",".",{"a":[1,{"b":null}]}]]`, `{"a":[1.0,{"b":null}]}`, True},
	{"deep inequality", `[["==",".",{"a":[1,{"b":null}]}]]`, `{"a":[1,{"b":false}]}`, False},
	{"list order matters", `[["==",".l",[1,2]]]`, `{"l":[2,1]}`, False},
	{"true is not 1", `[["==",".b",1]]`, `{"b":true}`, False},
	// Inequalities.
	{"lt", `[["<",".n",3]]`, `{"n":2}`, True},
	{"le equal", `[["<=",".n",3]]`, `{"n":3}`, True},
	{"gt", `[[">",".n",3]]`, `{"n":3}`, False},
	{"ge", `[[">=",".n",-1.5]]`, `{"n":-1.5}`, True},
	{"lt on string", `[["<",".n",3]]`, `{"n":"2"}`, False},
	{"lt on bool", `[["<",".n",3]]`, `{"n":false}`, False},
	{"lt on missing", `[["<",".n",3]]`, `{}`, False},
	{"lt into missing", `[["<",".a.n",3]]`, `{}`, NoData},
	// like.
	{"like suffix", `[["like",".email","*@example.com"]]`, `{"email":"alice@example.com"}`, True},
	{"like no match", `[["like",".email","*@example.com"]]`, `{"email":"alice@example.org"}`, False},
	{"like middle", `[["like",".s","a*b*c"]]`, `{"s":"axxbyyc"}`, True},
	{"like overlap", `[["like",".s","ab*ba"]]`, `{"s":"aba"}`, False},
	{"like escaped star", `[["like",".s","a\\*b"]]`, `{"s":"a*b"}`, True},
	{"like escaped star is literal", `[["like",".s","a\\*b"]]`, `{"s":"axb"}`, False},
	{"like other backslash literal", `[["like",".s","a\\b"]]`, `{"s":"a\\b"}`, True},
	{"like exact", `[["like",".s","abc"]]`, `{"s":"abc"}`, True},
	{"like on number", `[["like",".s","*"]]`, `{"s":1}`, False},
	{"like star matches empty", `[["like",".s","*"]]`, `{"s":""}`, True},
	// Connectives.
	{"empty policy", `[]`, `{}`, True},
	{"empty and", `[["and",[]]]`, `{}`, True},
	{"empty or", `[["or",[]]]`, `{}`, True},
	{"and false beats no data", `[["and",[["==",".a.b",1],["==",".c",1]]]]`, `{}`, False},
	{"and no data beats true", `[["and",[["==",".a.b",1],["==",".c",null]]]]`, `{}`, NoData},
	{"or true beats no data", `[["or",[["==",".a.b",1],["==",".c",null]]]]`, `{}`, True},
	{"or no data beats false", `[["or",[["==",".a.b",1],["==",".c",1]]]]`, `{}`, NoData},
	{"implicit and", `[["==",".a",1],["==",".b",2]]`, `{"a":1,"b":3}`, False},
	// Quantifiers.
	{"any over empty", `[["any",".roles",["==",".","admin"]]]`, `{"roles":[]}`, False},
	{"all over empty", `[["all",".roles",["==",".","admin"]]]`, `{"roles":[]}`, True},
	{"any hit", `[["any",".roles",["==",".","admin"]]]`, `{"roles":["member","admin"]}`, True},
	{"all miss", `[["all",".roles",["==",".","admin"]]]`, `{"roles":["member","admin"]}`, False},
	{"any over missing", `[["any",".roles",["==",".","admin"]]]`, `{}`, False},
	{"any over a string", `[["any",".roles",["==",".","a"]]]`, `{"roles":"a"}`, False},
	{"any over map values", `[["any",".m",["==",".","x"]]]`, `{"m":{"k":"x"}}`, True},
	{"any into elements", `[["any",".l",["==",".n",2]]]`, `{"l":[{"n":1},{"n":2}]}`, True},
	{"all with no data element", `[["all",".l",["==",".n.m",2]]]`, `{"l":[{"n":1}]}`, NoData},
	// Selectors.
	{"index", `[["==",".l[0]","a"]]`, `{"l":["a","b"]}`, True},
	{"dot index", `[["==",".l.[1]","b"]]`, `{"l":["a","b"]}`, True},
	{"negative index", `[["==",".l[-1]","b"]]`, `{"l":["a","b"]}`, True},
	{"index out of range", `[["==",".l[2]",null]]`, `{"l":["a","b"]}`, NoData},
	{"optional index", `[["==",".l[2]?",null]]`, `{"l":["a","b"]}`, True},
	{"index on map", `[["==",".l[0]",null]]`, `{"l":{"0":1}}`, NoData},
	{"slice", `[["==",".l[1:3]",["b","c"]]]`, `{"l":["a","b","c","d"]}`, True},
	{"open slice", `[["==",".l[-2:]",["c","d"]]]`, `{"l":["a","b","c","d"]}`, True},
	{"quoted key", `[["==",".[\"a b\"]",1]]`, `{"a b":1}`, True},
	{"bracket key after field", `[["==",".a[\"b\"]",1]]`, `{"a":{"b":1}}`, True},
	{"each", `[["==",".l[].n",[1,2]]]`, `{"l":[{"n":1},{"n":2}]}`, True},
	{"each map values", `[["==",".m[]",[1]]]`, `{"m":{"k":1}}`, True},
	{"each no data", `[["==",".l[].n.x",[]]]`, `{"l":[{"n":1}]}`, NoData},
	{"identity", `[["==",".",{}]]`, `{}`, True},
}

func TestEval(t *testing.T) {
	for _, c := range evalCases {
		t.Run(c.name, func(t *testing.T) {
			p := mustPolicy(t, c.pol)
			if got := p.Eval(mustJSON(t, c.args)); got != c.want {
				t.Fatalf("%s over %s = %v, want %v", c.pol, c.args, got, c.want)
			}
			if p.Holds(mustJSON(t, c.args)) != (c.want == True) {
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
