package judge

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/space"
)

// TestWriteArgsJSON: the arguments' JSON put together around a body's
// canonical JSON is byte for byte what cjson writes for the arguments, for
// bodies and collection names of every shape (members that sort around
// "body" and "byCreator", escapes, astral characters).
func TestWriteArgsJSON(t *testing.T) {
	bodies := []string{`{}`, `null`, `[]`, `"x"`, `1.5`, `{"n":1}`, `{"a":[1,{"b":"c\"d"}],"z":null}`,
		`{"body":1,"byCreator":false,"collection":"x"}`, `{"😀":"\u0001","é":true}`}
	colls := []string{"app.todo.item", "sys.members", "", "a\"b", "é😀", "\u007f\u2028"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		bodies = append(bodies, randomJSON(rng, 3))
	}
	for _, src := range bodies {
		body, err := cjson.Parse([]byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		bodyJSON, err := cjson.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range colls {
			for _, by := range []bool{false, true} {
				want, err := cjson.Marshal(space.RecordWriteArgs(c, by, body))
				if err != nil {
					t.Fatal(err)
				}
				got, ok := writeArgsJSON(c, by, bodyJSON)
				if !ok || !bytes.Equal(got, want) {
					t.Fatalf("%q %v %s: %s (%v); want %s", c, by, bodyJSON, got, ok, want)
				}
			}
		}
	}
	if _, ok := writeArgsJSON("\xff", true, []byte(`{}`)); ok {
		t.Error("a collection that is not UTF-8 was written")
	}
}

// randomJSON is a JSON text of objects, lists, strings and numbers, depth
// at most d.
func randomJSON(rng *rand.Rand, d int) string {
	keys := []string{"a", "body", "byCreator", "b", "é", "😀", "n"}
	switch k := rng.IntN(5); {
	case d == 0 || k == 0:
		return []string{`1`, `-2.5`, `"s"`, `true`, `null`, `"\n"`}[rng.IntN(6)]
	case k < 3:
		s := "{"
		for i, at := range rng.Perm(len(keys))[:rng.IntN(4)] {
			if i > 0 {
				s += ","
			}
			s += `"` + keys[at] + `":` + randomJSON(rng, d-1)
		}
		return s + "}"
	default:
		s := "["
		for i := range rng.IntN(4) {
			if i > 0 {
				s += ","
			}
			s += randomJSON(rng, d-1)
		}
		return s + "]"
	}
}
