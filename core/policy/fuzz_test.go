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
		o := p.Eval(a)
		if o < False || o > Unknown {
			t.Fatalf("outcome %d", o)
		}
		if again.Eval(a) != o {
			t.Fatal("reparsed policy evaluates differently")
		}
	})
}
