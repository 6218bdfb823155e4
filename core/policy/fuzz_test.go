package policy

import (
	"testing"

	"minca.dev/desktop/core/cjson"
)

// FuzzParsePolicy: parsing outside bytes never panics, a parsed policy
// evaluates over any arguments without panicking, and its Raw form parses
// to the same canonical JSON.
func FuzzParsePolicy(f *testing.F) {
	for _, c := range loadEval(f) {
		f.Add(string(c.Policy), string(c.Args))
	}
	f.Add(`[["and",[["or",[["not",["==",".a[-1:]",[]]]]]]]]`, `{"a":[1]}`)
	f.Add(`[["like",".s","\\*\\"]]`, `{"s":"*\\"}`)
	f.Fuzz(func(t *testing.T, pol, args string) {
		p, err := ParseJSON([]byte(pol))
		if err != nil {
			return
		}
		raw, err := cjson.Marshal(p.Raw())
		if err != nil {
			t.Fatalf("raw of a parsed policy does not marshal: %v", err)
		}
		again, err := ParseJSON(raw)
		if err != nil {
			t.Fatalf("raw form does not parse again: %v", err)
		}
		if b, _ := cjson.Marshal(again.Raw()); string(b) != string(raw) {
			t.Fatal("raw form changed")
		}
		a, err := cjson.Parse([]byte(args))
		if err != nil {
			a = map[string]any{"body": Unopened}
		}
		before, _ := cjson.Marshal(a)
		o := p.Eval(a)
		if after, _ := cjson.Marshal(a); string(after) != string(before) {
			t.Fatal("Eval changed its arguments")
		}
		if o < False || o > Unknown {
			t.Fatalf("outcome %d", o)
		}
		if again.Eval(a) != o {
			t.Fatal("reparsed policy evaluates differently")
		}
	})
}

// BenchmarkEval: the §2.3 moderator grant over a removal's arguments, as
// the replay evaluates it for every event.
func BenchmarkEval(b *testing.B) {
	p := mustPolicy(b, `[["==", ".self", false], ["not", ["any", ".roles", ["==", ".", "admin"]]]]`)
	args := map[string]any{"self": false, "roles": []any{"member", "mod", "treasurer"}}
	b.ReportAllocs()
	for b.Loop() {
		if p.Eval(args) != True {
			b.Fatal("does not hold")
		}
	}
}
