package p256verify

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"math/big"
	"sync"
	"testing"
)

// keyed is a key and signatures by it: valid ones, and one broken one.
type keyed struct {
	pub    *ecdsa.PublicKey
	good   []signed
	broken signed
}

func makeKeyed(t testing.TB, seed byte, n int) []keyed {
	t.Helper()
	rnd := newSeeded(seed)
	ks := make([]keyed, n)
	for i := range ks {
		k := newKey(t, rnd)
		ks[i].pub = &k.PublicKey
		for m := range 4 {
			ks[i].good = append(ks[i].good, sign(t, rnd, k, []byte{byte(i), byte(m)}))
		}
		b := sign(t, rnd, k, []byte{byte(i), 99})
		b.s = new(big.Int).Add(b.s, big.NewInt(1))
		ks[i].broken = b
	}
	return ks
}

// checkAll runs every signature of k through c and reports any answer
// other than crypto/ecdsa's.
func checkAll(t *testing.T, c *Cache, k keyed) {
	t.Helper()
	for _, s := range append(append([]signed(nil), k.good...), k.broken) {
		want := ecdsa.Verify(k.pub, s.digest, s.r, s.s)
		if got := c.Verify(k.pub, s.digest, s.r, s.s); got != want {
			t.Errorf("cache %v, crypto/ecdsa %v", got, want) // not Fatal: goroutines call it
			return
		}
	}
}

func hasTable(c *Cache, pub *ecdsa.PublicKey) bool {
	id, _ := idOf(pub)
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.keys[id]
	return e != nil && e.table != nil
}

// TestCacheThreshold: a key's table is built on its Threshold-th check, not
// before, and the answers are crypto/ecdsa's before and after.
func TestCacheThreshold(t *testing.T) {
	k := makeKeyed(t, 10, 1)[0]
	c := NewCache(Config{Threshold: 12, MaxTables: 2})
	checkAll(t, c, k) // 5 checks
	checkAll(t, c, k) // 10
	if st := c.Stats(); st.Builds != 0 || st.Tables != 0 || st.Counted != 1 {
		t.Fatalf("after 10 checks: %+v, want no table", st)
	}
	checkAll(t, c, k) // the 12th builds
	if st := c.Stats(); st.Builds != 1 || st.Tables != 1 || !hasTable(c, k.pub) {
		t.Fatalf("after 15 checks: %+v, want one table", st)
	}
	checkAll(t, c, k)
	if st := c.Stats(); st.Builds != 1 {
		t.Fatalf("the table was built again: %+v", st)
	}
}

// TestCacheLRU: beyond MaxTables the least recently used table goes, and
// its key must reach the threshold again for a new one.
func TestCacheLRU(t *testing.T) {
	ks := makeKeyed(t, 11, 3)
	c := NewCache(Config{Threshold: 5, MaxTables: 2})
	checkAll(t, c, ks[0])
	checkAll(t, c, ks[1])
	checkAll(t, c, ks[0]) // 0 is now the most recent
	checkAll(t, c, ks[2]) // 1 goes
	if !hasTable(c, ks[0].pub) || hasTable(c, ks[1].pub) || !hasTable(c, ks[2].pub) {
		t.Fatal("the least recently used table was not the one dropped")
	}
	s := ks[1].good[0]
	for i := range 4 {
		c.Verify(ks[1].pub, s.digest, s.r, s.s)
		if hasTable(c, ks[1].pub) {
			t.Fatalf("a dropped key got its table back after %d checks, want 5", i+1)
		}
	}
	c.Verify(ks[1].pub, s.digest, s.r, s.s)
	if st := c.Stats(); !hasTable(c, ks[1].pub) || st.Tables != 2 || st.Builds != 4 {
		t.Fatalf("%+v, want key 1's table back, 2 tables, 4 builds", st)
	}
}

// TestCacheRefusedKey: a key NewTable refuses is tried once, and every
// signature by it gets crypto/ecdsa's answer (false).
func TestCacheRefusedKey(t *testing.T) {
	k := makeKeyed(t, 12, 1)[0]
	bad := *k.pub
	bad.Y = new(big.Int).Add(bad.Y, big.NewInt(1))
	k.pub = &bad
	c := NewCache(Config{Threshold: 1, MaxTables: 2})
	checkAll(t, c, k)
	checkAll(t, c, k)
	if st := c.Stats(); st.Builds != 1 || st.Tables != 0 {
		t.Fatalf("%+v, want one attempt and no table", st)
	}
}

// TestCacheOtherCurve: a P-384 key goes to crypto/ecdsa untouched.
func TestCacheOtherCurve(t *testing.T) {
	rnd := newSeeded(13)
	k, err := ecdsa.GenerateKey(elliptic.P384(), rnd)
	if err != nil {
		t.Fatal(err)
	}
	s := sign(t, rnd, k, []byte("p-384"))
	c := NewCache(Config{Threshold: 1, MaxTables: 1})
	if !c.Verify(&k.PublicKey, s.digest, s.r, s.s) {
		t.Fatal("a valid P-384 signature is refused")
	}
	if st := c.Stats(); st.Counted != 0 || st.Builds != 0 {
		t.Fatalf("%+v, want nothing counted", st)
	}
}

// TestCacheMaxCounted: the keys counted stay bounded.
func TestCacheMaxCounted(t *testing.T) {
	ks := makeKeyed(t, 14, 10)
	c := NewCache(Config{Threshold: 100, MaxTables: 1, MaxCounted: 3})
	for _, k := range ks {
		checkAll(t, c, k)
		if st := c.Stats(); st.Counted > 3 {
			t.Fatalf("%d keys counted, at most 3", st.Counted)
		}
	}
}

// TestCacheConcurrent: many goroutines checking a few keys, with tables
// built and dropped under them, all get crypto/ecdsa's answers (run with
// -race).
func TestCacheConcurrent(t *testing.T) {
	ks := makeKeyed(t, 15, 3)
	c := NewCache(Config{Threshold: 3, MaxTables: 2})
	rounds := 6
	if raceOn {
		rounds = 2
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				checkAll(t, c, ks[(g+r)%len(ks)])
			}
		}()
	}
	wg.Wait()
	if st := c.Stats(); st.Tables > 2 || st.Builds < 2 {
		t.Fatalf("%+v, want 2 tables at most, built at least twice", st)
	}
}
