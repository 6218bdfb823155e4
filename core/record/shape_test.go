package record

import (
	"errors"
	"strings"
	"testing"
)

// Two well-formed ids; note idB < idA as strings.
const (
	idA = "bay24o4ltme7k2zpxr4mqueg3s4f7eovulwccdvmpqlzxf5hafetq"
	idB = "b47jrvlapsxwsx44hipgsfbwdbupytsv4giuf4hxgoj33hiq4oubq"
)

// TestShapeRules breaks one rule of §3.1/§4.6 at a time on a valid version's
// wire form and checks Parse refuses it naming the member (or takes it).
func TestShapeRules(t *testing.T) {
	base := mustSign(t, draftAt(0, ""), keyFromSeed(t, 7))
	later := Next(base)
	later.CreatedAt, later.Log, later.Body, later.HasBody = testCreated, &Log{N: 1, Prev: base.ID}, "x", true
	second := mustSign(t, later, keyFromSeed(t, 7))
	del := Next(second)
	del.CreatedAt, del.Log, del.Deleted = testCreated, &Log{N: 2, Prev: second.ID}, true
	deleted := mustSign(t, del, keyFromSeed(t, 7))

	cases := []struct {
		name   string
		from   *Version
		mangle func(m map[string]any)
		member string // "" = must parse
	}{
		{"valid first", base, func(map[string]any) {}, ""},
		{"valid later", second, func(map[string]any) {}, ""},
		{"valid delete", deleted, func(map[string]any) {}, ""},
		{"delete with body null", deleted, func(m map[string]any) { m["body"] = nil }, ""},
		{"unknown member kept", base, func(m map[string]any) { m["x-new"] = []any{1.0} }, ""},
		{"seen empty", base, func(m map[string]any) { m["seen"] = []any{} }, ""},
		{"no seen", base, func(m map[string]any) { delete(m, "seen") }, ""},
		{"stub", base, func(m map[string]any) { delete(m, "body") }, ""},
		{"files anything", base, func(m map[string]any) { m["files"] = "nonsense" }, ""},

		{"id missing", base, func(m map[string]any) { delete(m, "id") }, "id"},
		{"id upper case", base, func(m map[string]any) { m["id"] = strings.ToUpper(base.ID) }, "id"},
		{"id short", base, func(m map[string]any) { m["id"] = base.ID[:52] }, "id"},
		{"id padding bits", base, func(m map[string]any) { m["id"] = base.ID[:52] + "b" }, "id"},
		{"id a number", base, func(m map[string]any) { m["id"] = 1.0 }, "id"},
		{"author not did:key", base, func(m map[string]any) { m["author"] = "did:web:x" }, "author"},
		{"signature missing", base, func(m map[string]any) { delete(m, "signature") }, "signature"},
		{"signature short", base, func(m map[string]any) { m["signature"] = "AAAA" }, "signature"},
		{"signature padded", base, func(m map[string]any) { m["signature"] = base.Signature + "==" }, "signature"},
		{"collection missing", base, func(m map[string]any) { delete(m, "collection") }, "collection"},
		{"collection one part", base, func(m map[string]any) { m["collection"] = "todo" }, "collection"},
		{"collection upper", base, func(m map[string]any) { m["collection"] = "App.todo" }, "collection"},
		{"collection slash", base, func(m map[string]any) { m["collection"] = "app/todo.x" }, "collection"},
		{"key missing", base, func(m map[string]any) { delete(m, "key") }, "key"},
		{"key slash", base, func(m map[string]any) { m["key"] = "a/b" }, "key"},
		{"key upper", base, func(m map[string]any) { m["key"] = "Abc" }, "key"},
		{"key too long", base, func(m map[string]any) { m["key"] = strings.Repeat("a", 129) }, "key"},
		{"createdAt missing", base, func(m map[string]any) { delete(m, "createdAt") }, "createdAt"},
		{"createdAt no zone", base, func(m map[string]any) { m["createdAt"] = "2026-09-26T12:00:00" }, "createdAt"},
		{"space not an id", base, func(m map[string]any) { m["space"] = "space-1" }, "space"},
		{"space empty", base, func(m map[string]any) { m["space"] = "" }, "space"},
		{"seq missing", base, func(m map[string]any) { delete(m, "seq") }, "seq"},
		{"seq negative", base, func(m map[string]any) { m["seq"] = -1.0 }, "seq"},
		{"seq fraction", base, func(m map[string]any) { m["seq"] = 0.5 }, "seq"},
		{"seq unsafe", base, func(m map[string]any) { m["seq"] = 9007199254740992.0 }, "seq"},
		{"seq a string", base, func(m map[string]any) { m["seq"] = "0" }, "seq"},
		{"first with prev", base, func(m map[string]any) { m["prev"] = idA }, "prev"},
		{"first with genesis", base, func(m map[string]any) { m["genesis"] = idA }, "prev"},
		{"later without prev", second, func(m map[string]any) { delete(m, "prev") }, "prev"},
		{"later without genesis", second, func(m map[string]any) { delete(m, "genesis") }, "genesis"},
		{"later prev self", second, func(m map[string]any) { m["prev"] = second.ID }, "prev"},
		{"later genesis self", second, func(m map[string]any) { m["genesis"] = second.ID }, "genesis"},
		{"log missing", base, func(m map[string]any) { delete(m, "log") }, "log"},
		{"log not object", base, func(m map[string]any) { m["log"] = 0.0 }, "log"},
		{"log without n", base, func(m map[string]any) { m["log"] = map[string]any{} }, "log.n"},
		{"log extra member", base, func(m map[string]any) { m["log"] = map[string]any{"n": 0.0, "x": 1.0} }, "log"},
		{"log 0 with prev", base, func(m map[string]any) { m["log"] = map[string]any{"n": 0.0, "prev": idA} }, "log.prev"},
		{"log 1 without prev", base, func(m map[string]any) { m["log"] = map[string]any{"n": 1.0} }, "log.prev"},
		{"log prev not id", base, func(m map[string]any) { m["log"] = map[string]any{"n": 1.0, "prev": "x"} }, "log.prev"},
		{"log n fraction", base, func(m map[string]any) { m["log"] = map[string]any{"n": 1.5, "prev": idA} }, "log.n"},
		{"seen not array", base, func(m map[string]any) { m["seen"] = idA }, "seen"},
		{"seen not id", base, func(m map[string]any) { m["seen"] = []any{"head"} }, "seen"},
		{"seen 65", base, func(m map[string]any) { m["seen"] = repeatAny(idA, 65) }, "seen"},
		{"seen 64", base, func(m map[string]any) { m["seen"] = repeatAny(idA, 64) }, ""},
		{"proof a string", base, func(m map[string]any) { m["proof"] = "eyJ..." }, "proof"},
		{"proof null", base, func(m map[string]any) { m["proof"] = nil }, "proof"},
		{"retain false", base, func(m map[string]any) { m["retain"] = false }, "retain"},
		{"deleted 1", base, func(m map[string]any) { m["deleted"] = 1.0 }, "deleted"},
		{"no bodyHash", base, func(m map[string]any) { delete(m, "bodyHash") }, "bodyHash"},
		{"bodyHash not id", base, func(m map[string]any) { m["bodyHash"] = "sha256-x" }, "bodyHash"},
		{"delete with bodyHash", deleted, func(m map[string]any) { m["bodyHash"] = idB }, "bodyHash"},
		{"delete with body", deleted, func(m map[string]any) { m["body"] = map[string]any{} }, "body"},
		{"delete with links", deleted, func(m map[string]any) { m["links"] = []any{link("about", testKey)} }, "links"},
		{"delete with tags", deleted, func(m map[string]any) { m["tags"] = []any{"t"} }, "tags"},
		{"links empty", base, func(m map[string]any) { m["links"] = []any{} }, "links"},
		{"links 33", base, func(m map[string]any) { m["links"] = repeatAny(link("about", testKey), 33) }, "links"},
		{"links 32", base, func(m map[string]any) { m["links"] = repeatAny(link("about", testKey), 32) }, ""},
		{"link rel upper first", base, func(m map[string]any) { m["links"] = []any{link("About", testKey)} }, "links"},
		{"link to not key", base, func(m map[string]any) { m["links"] = []any{link("about", "A/B")} }, "links"},
		{"link extra member", base, func(m map[string]any) {
			m["links"] = []any{map[string]any{"rel": "about", "to": testKey, "x": true}}
		}, "links"},
		{"tags empty", base, func(m map[string]any) { m["tags"] = []any{} }, "tags"},
		{"tags unsorted", base, func(m map[string]any) { m["tags"] = []any{"b", "a"} }, "tags"},
		{"tags repeated", base, func(m map[string]any) { m["tags"] = []any{"a", "a"} }, "tags"},
		{"tags sorted", base, func(m map[string]any) { m["tags"] = []any{"A", "a", "b"} }, ""},
		{"tag too long", base, func(m map[string]any) { m["tags"] = []any{strings.Repeat("a", 65)} }, "tags"},
		{"tags 65", base, func(m map[string]any) { m["tags"] = distinctTags(65) }, "tags"},
		{"loose with log", base, func(m map[string]any) { delete(m, "space") }, "log"},
		{"loose with seen", base, func(m map[string]any) { delete(m, "space"); delete(m, "log") }, "seen"},
		{"loose later", second, func(m map[string]any) {
			delete(m, "space")
			delete(m, "log")
			delete(m, "seen")
		}, "seq"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := wireCopy(t, c.from)
			c.mangle(m)
			_, err := Parse(m)
			if c.member == "" {
				if err != nil {
					t.Fatalf("want it taken, got %v", err)
				}
				return
			}
			var se *ShapeError
			if !errors.As(err, &se) || !errors.Is(err, ErrShape) {
				t.Fatalf("want a ShapeError on %q, got %v", c.member, err)
			}
			if se.Member != c.member {
				t.Errorf("want member %q, got %q (%v)", c.member, se.Member, err)
			}
		})
	}
}

func TestParseNotAnObject(t *testing.T) {
	for _, in := range []string{`[]`, `"x"`, `null`, `{"a":1,"a":2}`, `{`, ``} {
		if _, err := ParseBytes([]byte(in)); !errors.Is(err, ErrShape) {
			t.Errorf("%q: want ErrShape, got %v", in, err)
		}
	}
}

func link(rel, to string) map[string]any { return map[string]any{"rel": rel, "to": to} }

func repeatAny(x any, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = x
	}
	return out
}

func distinctTags(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = string(rune('A'+i/26)) + string(rune('a'+i%26))
	}
	return out
}
