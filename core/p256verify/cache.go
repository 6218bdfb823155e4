package p256verify

import (
	"container/list"
	"crypto/ecdsa"
	"crypto/elliptic"
	"math/big"
	"sync"
)

// Config is a Cache's policy.
type Config struct {
	// Threshold is how many checks by a key come before its table is built
	// (a table costs about nine crypto/ecdsa checks to build); 0 or less means 1.
	Threshold int
	// MaxTables bounds the tables kept (TableBytes each); the least recently
	// used goes first. 0 or less means 1.
	MaxTables int
	// MaxCounted bounds the keys counted while they earn a table; when full,
	// the counts restart. 0 or less means 4096.
	MaxCounted int
}

// Stats says what a Cache holds and has done.
type Stats struct {
	Tables  int // tables held now
	Counted int // keys known now, with or without a table
	Builds  int // tables built so far
}

// Cache checks signatures by many keys, with a Table for each key that has
// been checked often enough (Config). It answers exactly as
// crypto/ecdsa.Verify does, whatever it holds. Safe for concurrent use: a
// table is built by the check that earns it, outside the lock, while other
// checks by that key keep using crypto/ecdsa.
type Cache struct {
	cfg    Config
	mu     sync.Mutex
	keys   map[keyID]*entry
	lru    list.List // of *entry with a table, most recently used first
	builds int
}

// keyID is a public key's coordinates, big-endian.
type keyID [64]byte

// entry is a key's count and, once earned, its table. Guarded by Cache.mu.
type entry struct {
	id       keyID
	uses     int
	table    *Table
	building bool
	invalid  bool          // NewTable refused the key: never try again
	elem     *list.Element // in Cache.lru while table != nil
}

// NewCache makes a Cache with the policy cfg.
func NewCache(cfg Config) *Cache {
	cfg.Threshold = max(cfg.Threshold, 1)
	cfg.MaxTables = max(cfg.MaxTables, 1)
	if cfg.MaxCounted <= 0 {
		cfg.MaxCounted = 4096
	}
	return &Cache{cfg: cfg, keys: make(map[keyID]*entry)}
}

// Verify is crypto/ecdsa.Verify(pub, digest, r, s), through pub's table
// when it has one.
func (c *Cache) Verify(pub *ecdsa.PublicKey, digest []byte, r, s *big.Int) bool {
	id, ok := idOf(pub)
	if !ok {
		return ecdsa.Verify(pub, digest, r, s)
	}
	t, build := c.use(id)
	if build {
		t = c.build(id, pub)
	}
	if t == nil {
		return ecdsa.Verify(pub, digest, r, s)
	}
	return t.Verify(digest, r, s)
}

// Stats reports what c holds.
func (c *Cache) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Stats{Tables: c.lru.Len(), Counted: len(c.keys), Builds: c.builds}
}

// idOf is pub's keyID, if pub is on the P-256 curve's parameters with
// coordinates that fit (anything else goes to crypto/ecdsa unchanged).
func idOf(pub *ecdsa.PublicKey) (keyID, bool) {
	var id keyID
	if pub == nil || pub.Curve == nil || pub.Curve.Params() != elliptic.P256().Params() ||
		pub.X == nil || pub.Y == nil || pub.X.Sign() < 0 || pub.Y.Sign() < 0 ||
		pub.X.BitLen() > scalarBits || pub.Y.BitLen() > scalarBits {
		return id, false
	}
	pub.X.FillBytes(id[:32])
	pub.Y.FillBytes(id[32:])
	return id, true
}

// use counts a check by id and returns its table, or says the caller is to
// build it (the check that reaches the threshold does, once).
func (c *Cache) use(id keyID) (t *Table, build bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.keys[id]
	if e == nil {
		if len(c.keys) >= c.cfg.MaxCounted {
			c.forgetCountsLocked()
		}
		e = &entry{id: id}
		c.keys[id] = e
	}
	if e.table != nil {
		c.lru.MoveToFront(e.elem)
		return e.table, false
	}
	e.uses++
	if e.building || e.invalid || e.uses < c.cfg.Threshold {
		return nil, false
	}
	e.building = true
	return nil, true
}

// build makes id's table and keeps it, dropping the least recently used
// table beyond MaxTables. It returns nil for a key NewTable refuses.
func (c *Cache) build(id keyID, pub *ecdsa.PublicKey) *Table {
	t, err := NewTable(pub)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.builds++
	e := c.keys[id]
	if e == nil { // the counts restarted meanwhile
		e = &entry{id: id}
		c.keys[id] = e
	}
	e.building = false
	if err != nil {
		e.invalid = true
		return nil
	}
	e.table = t
	e.elem = c.lru.PushFront(e)
	for c.lru.Len() > c.cfg.MaxTables {
		c.dropLocked(c.lru.Back().Value.(*entry))
	}
	return t
}

// dropLocked removes e's table; e must earn it again. c.mu is held.
func (c *Cache) dropLocked(e *entry) {
	c.lru.Remove(e.elem)
	e.table, e.elem, e.uses = nil, nil, 0
}

// forgetCountsLocked forgets every key without a table or a build under
// way. c.mu is held.
func (c *Cache) forgetCountsLocked() {
	for id, e := range c.keys {
		if e.table == nil && !e.building {
			delete(c.keys, id)
		}
	}
}
