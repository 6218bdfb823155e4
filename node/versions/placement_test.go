package versions_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

// table is the smallest state placement can run on: maps, no store. It
// applies Place's writes exactly as they are named (05 §10.1).
type table struct {
	held     map[string]versions.Meta
	items    map[string]negentropy.Item
	current  map[string]string
	first    map[string]string
	retained map[string]string // h/ key → id
}

func newTable() *table {
	return &table{held: map[string]versions.Meta{}, items: map[string]negentropy.Item{},
		current: map[string]string{}, first: map[string]string{}, retained: map[string]string{}}
}

func (tb *table) RecordEntries(key string) (string, string, error) {
	return tb.current[key], tb.first[key], nil
}

func (tb *table) Held(id string) (versions.Meta, bool, error) {
	m, ok := tb.held[id]
	return m, ok, nil
}

func hKey(m versions.Meta) string { return fmt.Sprintf("h/%s/%015d/%s", m.Key, m.Seq, m.ID) }

func (tb *table) apply(t *testing.T, op versions.Op, copy versions.Meta) {
	m := op.Meta
	switch op.Kind {
	case versions.OpKeep:
		if op.Whole && !m.Deleted && (copy.ID != m.ID || !copy.HasBody) {
			t.Fatalf("keep %s whole from a copy without a body", m.ID)
		}
		m.HasBody = op.Whole && !m.Deleted || (m.Deleted && op.Whole && copy.HasBody)
		tb.held[m.ID] = m
		id, _ := negentropy.IDFromVersionID(m.ID)
		tb.items[m.ID] = negentropy.Item{Timestamp: record.ItemTimestamp(m.CreatedAt), ID: id}
	case versions.OpSetCurrent:
		tb.current[m.Key] = m.ID
	case versions.OpSetFirst:
		tb.first[m.Key] = m.ID
	case versions.OpSetRetained:
		tb.retained[hKey(m)] = m.ID
	case versions.OpUnsetCurrent:
		delete(tb.current, m.Key)
	case versions.OpUnsetFirst:
		delete(tb.first, m.Key)
	case versions.OpUnsetRetained:
		delete(tb.retained, hKey(m))
	case versions.OpDrop:
		delete(tb.held, m.ID)
		delete(tb.items, m.ID)
	}
}

func (tb *table) place(t *testing.T, v *record.Version) {
	m := versions.MetaOf(v)
	ops, err := versions.Place(tb, m)
	if err != nil {
		t.Fatalf("place %s: %v", v.ID, err)
	}
	for _, op := range ops {
		tb.apply(t, op, m)
	}
}

func (tb *table) dump() versions.Dump {
	d := versions.Dump{Entries: map[string]string{}, Versions: map[string]versions.Form{}, Sums: map[string]versions.CollectionSum{}}
	for k, id := range tb.current {
		d.Entries["r/"+k] = id
	}
	for k, id := range tb.first {
		d.Entries["g/"+k] = id
	}
	for k, id := range tb.retained {
		d.Entries[k] = id
	}
	for id, m := range tb.held {
		it := tb.items[id]
		d.Entries[fmt.Sprintf("i/%s/%d/%s", m.Collection, it.Timestamp, id)] = id
		d.Versions[id] = m.Form()
		s := d.Sums[m.Collection]
		s.Sum, s.Count = s.Sum.Add(negentropy.SumOf(it.ID)), s.Count+1
		d.Sums[m.Collection] = s
	}
	return d
}

// permute calls f with every order of vs (Heap's algorithm).
func permute(vs []*record.Version, f func([]*record.Version)) {
	a := slices.Clone(vs)
	c := make([]int, len(a))
	f(a)
	for i := 0; i < len(a); {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			f(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// smallSets are sets of at most 7 copies with forks, deletes, stubs,
// retained and several first versions.
func smallSets(t *testing.T) map[string][]*record.Version {
	m1, m2, m3 := storetest.NewMaker(t, 1), storetest.NewMaker(t, 2), storetest.NewMaker(t, 3)
	b := func(s string) any { return map[string]any{"t": s} }
	a0 := m1.First("app.todo.item", "a", b("0"), storetest.Opts{Retain: true})
	a1 := m1.Next(a0, b("1"), storetest.Opts{})
	a1f := m2.Next(a0, b("1f"), storetest.Opts{Retain: true}) // a fork of a1
	a2 := m1.Next(a1, nil, storetest.Opts{Deleted: true})
	a0b := m2.First("app.todo.item", "a", b("other first"), storetest.Opts{})
	a0c := m3.First("app.todo.item", "a", b("third first"), storetest.Opts{})
	c0 := m3.First("app.note.item", "c", b("c"), storetest.Opts{})
	c1 := m3.Next(c0, b("c1"), storetest.Opts{Retain: true})
	sets := map[string][]*record.Version{
		"chain with fork and delete": {a0, a1, a1f, a2, a0b, c0, c1},
		"stubs beside whole copies":  {a0.Stub(), a0, a1.Stub(), a1f, a1f.Stub(), a2, c1.Stub()},
		"three first versions":       {a0, a0b, a0c, a1, a0b.Stub(), c0, c0.Stub()},
		"only stubs":                 {a0.Stub(), a1.Stub(), a1f.Stub(), a0b.Stub(), c0.Stub(), c1.Stub(), a2},
	}
	for seed := uint64(1); seed <= 12; seed++ {
		sets[fmt.Sprintf("random %d", seed)] = storetest.RandomSet(t, seed, 7)
	}
	return sets
}

// TestPlacementAllOrders: every order of every small set places to the
// oracle's store (05 §10.1: "the same set of versions gives the same entries
// in any arrival order"), and placing every copy again changes nothing.
func TestPlacementAllOrders(t *testing.T) {
	for name, vs := range smallSets(t) {
		want, err := storetest.Expected(vs)
		if err != nil {
			t.Fatal(err)
		}
		orders := 0
		permute(vs, func(order []*record.Version) {
			orders++
			tb := newTable()
			for _, v := range order {
				tb.place(t, v)
			}
			if diff := storetest.DiffDumps(tb.dump(), want); diff != "" {
				t.Fatalf("%s, order %d: %s", name, orders, diff)
			}
			if orders%7 != 0 {
				return
			}
			for _, v := range order {
				tb.place(t, v)
			}
			if diff := storetest.DiffDumps(tb.dump(), want); diff != "" {
				t.Fatalf("%s, order %d placed twice: %s", name, orders, diff)
			}
		})
		if orders != factorial(len(vs)) {
			t.Fatalf("%s: %d orders; want %d", name, orders, factorial(len(vs)))
		}
	}
}

func factorial(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial(n-1)
}

// TestPlacementLargeShuffles: seeded shuffles of large sets, placed alone
// and into a Memory store, give the oracle's store.
func TestPlacementLargeShuffles(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		vs := storetest.RandomSet(t, 100+seed, 400)
		want, _ := storetest.Expected(vs)
		rng := rand.New(rand.NewPCG(seed, 1))
		for round := 0; round < 25; round++ {
			order := slices.Clone(vs)
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			tb := newTable()
			for _, v := range order {
				tb.place(t, v)
			}
			if diff := storetest.DiffDumps(tb.dump(), want); diff != "" {
				t.Fatalf("seed %d round %d: %s", seed, round, diff)
			}
		}
	}
}
