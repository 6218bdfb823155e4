package identity

import (
	"crypto/ecdsa"
	"sync"

	"minca.dev/desktop/core/p256verify"
)

// DIDCache remembers the public keys of DIDs it has parsed, so checking many
// versions by one author decodes its DID once (decoding costs about a tenth
// of a verification), and checks their signatures through per-key tables
// (core/p256verify), about twice as fast as crypto/ecdsa for a key that
// signs many versions. Safe for concurrent use; the zero value is ready.
type DIDCache struct {
	mu   sync.Mutex
	keys map[string]*ecdsa.PublicKey
	// Tables checks the signatures; nil means the process's shared cache
	// (KeyTables), so the memory for tables is bounded once, however many
	// DIDCaches (one per space) there are.
	Tables *p256verify.Cache
}

// DIDCacheSize bounds a DIDCache; when full it starts again empty.
const DIDCacheSize = 4096

// The policy of the shared key tables (p256verify.Config): a key gets a
// table (p256verify.TableBytes, about 64 KB; it costs about nine
// crypto/ecdsa checks to build) once it has signed TableThreshold versions
// checked here, so one-off authors never pay for one; at most MaxKeyTables
// tables are kept, the least recently used going first: about 2.1 MB in
// all, beside G's table of 327 KB, built once per process.
const (
	TableThreshold = 32
	MaxKeyTables   = 32
)

// KeyTables is the process's shared p256verify.Cache for DIDCaches whose
// Tables is nil. It holds only what is derived from public keys, and
// answers as crypto/ecdsa does whatever it holds.
var KeyTables = p256verify.NewCache(p256verify.Config{Threshold: TableThreshold, MaxTables: MaxKeyTables})

// Key is ParseDID through the cache. Refused DIDs are not remembered.
func (c *DIDCache) Key(did string) (*ecdsa.PublicKey, error) {
	c.mu.Lock()
	pub, ok := c.keys[did]
	c.mu.Unlock()
	if ok {
		return pub, nil
	}
	pub, err := ParseDID(did)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.keys == nil || len(c.keys) >= DIDCacheSize {
		c.keys = make(map[string]*ecdsa.PublicKey)
	}
	c.keys[did] = pub
	c.mu.Unlock()
	return pub, nil
}

// Verify is the package's Verify with the DID decoded through the cache and
// the signature checked through the key tables.
func (c *DIDCache) Verify(did string, msg, sig []byte) error {
	pub, err := c.Key(did)
	if err != nil {
		return err
	}
	return c.VerifyKey(pub, msg, sig)
}

// VerifyKey is the package's VerifyKey through the key tables: the same
// answer, faster for a key seen often.
func (c *DIDCache) VerifyKey(pub *ecdsa.PublicKey, msg, sig []byte) error {
	tables := c.Tables
	if tables == nil {
		tables = KeyTables
	}
	return verifyWith(tables.Verify, pub, msg, sig)
}
