package record

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// chainOf signs a record's versions seq 0..n-1 by one key, each on its
// writer's line, and returns them oldest first.
func chainOf(t *testing.T, s Signer, n int) []*Version {
	t.Helper()
	out := []*Version{mustSign(t, draftAt(0, ""), s)}
	for i := 1; i < n; i++ {
		prev := out[i-1]
		d := Next(prev)
		d.CreatedAt, d.Log = testCreated, &Log{N: int64(i), Prev: prev.ID}
		d.Body, d.HasBody = map[string]any{"n": float64(i)}, true
		out = append(out, mustSign(t, d, s))
	}
	return out
}

func TestNext(t *testing.T) {
	vs := chainOf(t, keyFromSeed(t, 7), 3)
	if vs[1].Prev != vs[0].ID || vs[1].Genesis != vs[0].ID || vs[2].Genesis != vs[0].ID || vs[2].Seq != 2 {
		t.Fatalf("chain members wrong: %+v", vs[2])
	}
	d := Next(vs[2])
	d.Deleted, d.CreatedAt, d.Log = true, testCreated, &Log{N: 3, Prev: vs[2].ID}
	del := mustSign(t, d, keyFromSeed(t, 7))
	again := Next(del)
	if again.Seq != 4 || again.Prev != del.ID || again.Genesis != vs[0].ID {
		t.Errorf("writing after a delete must continue the record: %+v", again)
	}
}

func TestOrdering(t *testing.T) {
	a := &Version{ID: idA, Seq: 1}
	b := &Version{ID: idB, Seq: 1}
	c := &Version{ID: idB, Seq: 2}
	if !Supersedes(b, a) || Supersedes(a, b) {
		t.Error("same seq: the lower id wins")
	}
	if !Supersedes(c, a) || !Less(c, b) || Compare(c, a) >= 0 || Compare(a, a) != 0 {
		t.Error("a higher seq wins")
	}
	newer := &Version{ID: idA, Seq: 1, CreatedAt: "2030-01-01T00:00:00Z"}
	if Supersedes(newer, b) {
		t.Error("createdAt must not count")
	}
}

// TestCurrentIgnoresOrder: the same set in any order has one current version.
func TestCurrentIgnoresOrder(t *testing.T) {
	vs := chainOf(t, keyFromSeed(t, 7), 4)
	rival := Next(vs[2])
	rival.CreatedAt, rival.Log, rival.Body, rival.HasBody = testCreated, &Log{N: 9, Prev: idA}, "rival", true
	vs = append(vs, mustSign(t, rival, keyFromSeed(t, 8)))
	want := Current(vs)
	if want.Seq != 3 {
		t.Fatalf("current has seq %d", want.Seq)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		r.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
		if got := Current(vs); got != want {
			t.Fatalf("order %d gave %s, want %s", i, got.ID, want.ID)
		}
	}
	if Current(nil) != nil {
		t.Error("no versions, no current")
	}
}

func TestCheckChain(t *testing.T) {
	s := keyFromSeed(t, 7)
	vs := chainOf(t, s, 3)
	all := holder{}.add(vs...)
	sign := func(edit func(d *Version)) *Version {
		d := Next(vs[2])
		d.CreatedAt, d.Log, d.Body, d.HasBody = testCreated, &Log{N: 3, Prev: vs[2].ID}, "x", true
		edit(d)
		return mustSign(t, d, s)
	}
	cases := []struct {
		name    string
		v       *Version
		held    holder
		want    Answer
		missing []string
	}{
		{"first version", vs[0], holder{}, Stands, nil},
		{"follows", vs[2], all, Stands, nil},
		{"follows a stub", vs[2], holder{}.add(vs[0].Stub(), vs[1].Stub()), Stands, nil},
		{"prev missing", vs[2], holder{}.add(vs[0]), Later, []string{vs[1].ID}},
		{"first missing", vs[2], holder{}.add(vs[1]), Later, []string{vs[0].ID}},
		{"both missing", vs[2], holder{}, Later, []string{vs[1].ID, vs[0].ID}},
		{"seq 1 names one version once", vs[1], holder{}, Later, []string{vs[0].ID}},
		{"freeze by skipping ahead", sign(func(d *Version) { d.Seq = MaxSafeInteger }), all, Refused, nil},
		{"moved to another collection", sign(func(d *Version) { d.Collection = "app.todo.list" }), all, Refused, nil},
		{"another key", sign(func(d *Version) { d.Key = "other" }), all, Refused, nil},
		{"genesis not the first", sign(func(d *Version) { d.Genesis = vs[1].ID }), all, Refused, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := CheckChain(c.v, c.held.lookup)
			if got.Answer != c.want {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			if c.want == Refused && !errors.Is(got.Reason, ErrChain) {
				t.Errorf("reason %v, want ErrChain", got.Reason)
			}
			if len(got.Missing) != len(c.missing) {
				t.Fatalf("missing %v, want %v", got.Missing, c.missing)
			}
			for i := range c.missing {
				if got.Missing[i] != c.missing[i] {
					t.Errorf("missing %v, want %v", got.Missing, c.missing)
				}
			}
		})
	}
}

// TestFirstNamedElsewhere: a version whose genesis names a first version of
// another record is refused even when its prev fits (§4.4).
func TestFirstNamedElsewhere(t *testing.T) {
	s := keyFromSeed(t, 7)
	vs := chainOf(t, s, 2)
	other := draftAt(0, "")
	other.Key = "elsewhere"
	g := mustSign(t, other, s)
	v := &Version{ID: idA, Key: testKey, Collection: vs[0].Collection, Seq: 2, Prev: vs[1].ID, Genesis: g.ID}
	if err := CheckFirst(v, g); !errors.Is(err, ErrChain) {
		t.Errorf("want ErrChain, got %v", err)
	}
	if err := CheckFirst(vs[1], vs[0]); err != nil {
		t.Errorf("the real first version: %v", err)
	}
}
