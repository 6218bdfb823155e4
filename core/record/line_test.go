package record

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// lineOf signs n versions by s in one collection, each a new record (fresh
// key), forming s's line for that collection from place 0.
func lineOf(t *testing.T, s Signer, collection string, n int) []*Version {
	t.Helper()
	var out []*Version
	prev := ""
	for i := 0; i < n; i++ {
		d := draftAt(int64(i), prev)
		d.Collection, d.Key = collection, "k"+string(rune('a'+i))
		v := mustSign(t, d, s)
		out = append(out, v)
		prev = v.ID
	}
	return out
}

// placeAt signs one more version of s at place n naming prev.
func placeAt(t *testing.T, s Signer, collection string, n int64, prev, key string) *Version {
	d := draftAt(n, prev)
	d.Collection, d.Key = collection, key
	return mustSign(t, d, s)
}

func TestPairFault(t *testing.T) {
	alice, bob := keyFromSeed(t, 7), keyFromSeed(t, 8)
	line := lineOf(t, alice, "app.chat", 3)
	twin := placeAt(t, alice, "app.chat", 1, line[0].ID, "twin")
	skip := placeAt(t, alice, "app.chat", 5, line[2].ID, "skip")
	cross := placeAt(t, alice, "app.note", 3, line[2].ID, "cross")
	stolen := placeAt(t, bob, "app.chat", 3, line[2].ID, "stolen")
	cases := []struct {
		name string
		x, y *Version
		kind FaultKind
		from int64
		who  string
	}{
		{"one line", line[1], line[2], 0, 0, ""},
		{"apart", line[0], line[2], 0, 0, ""},
		{"fork", line[1], twin, Fork, 1, alice.DID()},
		{"break: not one place before", line[2], skip, Break, 5, alice.DID()},
		{"break: another collection", cross, line[2], Break, 3, alice.DID()},
		{"break: another key", stolen, line[2], Break, 3, bob.DID()},
		{"same version", line[1], line[1], 0, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, ok := PairFault(c.x, c.y)
			g, ok2 := PairFault(c.y, c.x)
			if ok != ok2 || f.From != g.From || f.Kind != g.Kind {
				t.Fatal("the answer must not depend on the pair's order")
			}
			if !ok {
				if c.kind != 0 {
					t.Fatalf("want a %v", c.kind)
				}
				return
			}
			if f.Kind != c.kind || f.From != c.from || f.Writer != c.who {
				t.Fatalf("got %v from %d by %s, want %v from %d by %s", f.Kind, f.From, f.Writer, c.kind, c.from, c.who)
			}
			if f.A.ID >= f.B.ID || f.A.HasBody || f.B.HasBody {
				t.Error("a must be the lower id, both without body")
			}
		})
	}
}

func TestFaultsLowestPlace(t *testing.T) {
	alice := keyFromSeed(t, 7)
	line := lineOf(t, alice, "app.chat", 4)
	late := placeAt(t, alice, "app.chat", 3, line[2].ID, "late")
	early := placeAt(t, alice, "app.chat", 1, line[0].ID, "early")
	other := lineOf(t, alice, "app.note", 2)
	vs := append(append(append([]*Version{}, line...), late, early), other...)
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 50; i++ {
		r.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
		fs := Faults(vs)
		if len(fs) != 1 {
			t.Fatalf("want one faulty line, got %d", len(fs))
		}
		if fs[0].From != 1 || fs[0].Collection != "app.chat" || fs[0].Kind != Fork {
			t.Fatalf("want the fork at place 1, got %v at %d", fs[0].Kind, fs[0].From)
		}
	}
}

func TestUnbrokenEnd(t *testing.T) {
	alice := keyFromSeed(t, 7)
	line := lineOf(t, alice, "app.chat", 4)
	far := placeAt(t, alice, "app.chat", 9, idA, "far")
	twin := placeAt(t, alice, "app.chat", 2, line[1].ID, "twin")
	cases := []struct {
		name string
		vs   []*Version
		end  int64
		ok   bool
	}{
		{"whole", line, 3, true},
		{"a place held past a gap covers nothing", []*Version{line[0], line[1], line[3], far}, 1, true},
		{"no place 0", line[1:], -1, false},
		{"a fork ends it before the fork", append(append([]*Version{}, line...), twin), 1, true},
		{"other writers ignored", append(lineOf(t, keyFromSeed(t, 8), "app.chat", 6), line[:2]...), 1, true},
	}
	for _, c := range cases {
		end, ok := UnbrokenEnd(c.vs, alice.DID(), "app.chat")
		if end != c.end || ok != c.ok {
			t.Errorf("%s: got %d %v, want %d %v", c.name, end, ok, c.end, c.ok)
		}
	}
}

func TestGapsAndNextLog(t *testing.T) {
	alice := keyFromSeed(t, 7)
	line := lineOf(t, alice, "app.chat", 4)
	held := []*Version{line[0], line[2], line[3]}
	if g := Gaps(held); len(g) != 1 || g[0] != line[1].ID {
		t.Errorf("gaps %v, want [%s]", g, line[1].ID)
	}
	if g := Gaps(line); len(g) != 0 {
		t.Errorf("a whole line has no gaps: %v", g)
	}
	next := NextLog(line, alice.DID(), "app.chat")
	if next.N != 4 || next.Prev != line[3].ID {
		t.Errorf("next %+v", next)
	}
	if first := NextLog(line, alice.DID(), "app.other"); first.N != 0 || first.Prev != "" {
		t.Errorf("a new line starts at 0: %+v", first)
	}
}

// forkBody is a sys.fork body {a, b} for two versions (03 §6.5).
func forkBody(t *testing.T, a, b *Version) map[string]any {
	if b.ID < a.ID {
		a, b = b, a
	}
	return map[string]any{"a": wireCopy(t, a.Stub()), "b": wireCopy(t, b.Stub())}
}

func TestCheckForkProof(t *testing.T) {
	alice := keyFromSeed(t, 7)
	line := lineOf(t, alice, "app.chat", 2)
	// The twin is retained, as access versions always are: its stub still
	// passes the shape check (our choice, 02 §4.5).
	twinD := draftAt(1, line[0].ID)
	twinD.Collection, twinD.Key, twinD.Retain = "app.chat", "twin", true
	twin := mustSign(t, twinD, alice)
	good := forkBody(t, line[1], twin)
	key := ForkKey(alice.DID())

	f, err := CheckForkProof(good, testSpace, key)
	if err != nil || f.Kind != Fork || f.From != 1 || f.Writer != alice.DID() {
		t.Fatalf("a real fork (one side retained): %+v %v", f, err)
	}
	swapped := map[string]any{"a": good["b"], "b": good["a"]}
	withBody := forkBody(t, line[1], twin)
	withBody["a"].(map[string]any)["body"] = "x"
	forged := forkBody(t, line[1], twin)
	forged["b"].(map[string]any)["createdAt"] = "2026-09-26T12:00:01.000Z"
	bad := []struct {
		name  string
		body  any
		space string
		key   string
	}{
		{"not an object", []any{}, testSpace, key},
		{"extra member", map[string]any{"a": good["a"], "b": good["b"], "c": 1.0}, testSpace, key},
		{"a not lower", swapped, testSpace, key},
		{"a with body", withBody, testSpace, key},
		{"not a fault", forkBody(t, line[0], line[1]), testSpace, key},
		{"another space", good, otherSpace, key},
		{"wrong record key", good, testSpace, ForkKey(keyFromSeed(t, 8).DID())},
		{"mangled signature check", forged, testSpace, key},
		{"same version twice", map[string]any{"a": good["a"], "b": good["a"]}, testSpace, key},
	}
	for _, c := range bad {
		if _, err := CheckForkProof(c.body, c.space, c.key); !errors.Is(err, ErrForkProof) {
			t.Errorf("%s: want ErrForkProof, got %v", c.name, err)
		}
	}
}
