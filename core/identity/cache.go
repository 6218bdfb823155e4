package identity

import (
	"crypto/ecdsa"
	"sync"
)

// DIDCache remembers the public keys of DIDs it has parsed, so checking many
// versions by one author decodes its DID once (decoding costs about a tenth
// of a verification). Safe for concurrent use; the zero value is ready.
type DIDCache struct {
	mu   sync.Mutex
	keys map[string]*ecdsa.PublicKey
}

// DIDCacheSize bounds a DIDCache; when full it starts again empty.
const DIDCacheSize = 4096

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

// Verify is the package's Verify with the DID decoded through the cache.
func (c *DIDCache) Verify(did string, msg, sig []byte) error {
	pub, err := c.Key(did)
	if err != nil {
		return err
	}
	return VerifyKey(pub, msg, sig)
}
