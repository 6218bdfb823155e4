package account

import (
	"errors"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
)

// Passes (03 §14): sys.pass at pass:<hex40(spaceId)>,
// { v: 1, space, read?: base64url(readSeed), readKey? }, and at carry:closed
// { v: 1, closed: true }.
const (
	CollectionPass = "sys.pass"
	PassVersion    = 1
	readSeedLen    = 32
)

// Members of a pass body.
const (
	memberV       = "v"
	memberRead    = "read"
	memberReadKey = "readKey"
	memberClosed  = "closed"
)

// ErrPass is a pass a carrier must not accept (03 §14).
var ErrPass = errors.New("account: pass refused")

// Pass is what a carrier needs to carry one space: the space, and for a
// private one the read seed of the key the account holds now. It holds no
// space key, no invite secret and no note (03 §14).
type Pass struct {
	Space    *space.Space
	ReadSeed []byte // private spaces only
	ReadKey  string // present only when the seed is not the genesis key's
}

// NewPass is the pass of a space (03 §14): a public space alone; a private
// one with the read seed of k, the key the account holds now, and readKey
// when k is not the genesis key.
func NewPass(sp *space.Space, k *spacekey.Key) (*Pass, error) {
	if !sp.Private() {
		return &Pass{Space: sp}, nil
	}
	if k == nil {
		return nil, fmt.Errorf("pass for %s: a private space needs a key", sp.ID)
	}
	p := &Pass{Space: sp, ReadSeed: k.ReadSeed()}
	if k.ID() != sp.EncryptionKeyID {
		p.ReadKey = k.ReadDID()
	}
	return p, nil
}

// RecordKey is where the pass sits in a carry space.
func (p *Pass) RecordKey() string { return record.PassKey(p.Space.ID) }

// Body is the pass's sys.pass body.
func (p *Pass) Body() map[string]any {
	b := map[string]any{memberV: float64(PassVersion), memberSpace: p.Space.JSON()}
	if p.ReadSeed != nil {
		b[memberRead] = enc.B64URL(p.ReadSeed)
	}
	if p.ReadKey != "" {
		b[memberReadKey] = p.ReadKey
	}
	return b
}

// ParsePass reads a pass as a carrier accepts it (03 §14): v is 1, the
// space passes checkSpace, and for a private space the read seed gives a
// read DID equal to space.readKey or to the pass's readKey. With a later
// key, only the space's history vouches for readKey.
//
// Choices: members other than v, space, read and readKey are refused; a
// private space's pass without read, and a public space's with read or
// readKey, are refused; read must be base64url of 32 bytes.
func ParsePass(body any) (*Pass, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: body is not an object", ErrPass)
	}
	if err := only(m, memberV, memberSpace, memberRead, memberReadKey); err != nil {
		return nil, err
	}
	if v, _ := m[memberV].(float64); v != PassVersion {
		return nil, fmt.Errorf("%w: v must be %d", ErrPass, PassVersion)
	}
	sp, err := space.CheckSpace(m[memberSpace])
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPass, err)
	}
	p := &Pass{Space: sp}
	_, hasRead := m[memberRead]
	_, hasReadKey := m[memberReadKey]
	if !sp.Private() {
		if hasRead || hasReadKey {
			return nil, fmt.Errorf("%w: a public space's pass carries no read key", ErrPass)
		}
		return p, nil
	}
	return p, p.readPrivate(m)
}

// readPrivate reads read and readKey of a private space's pass.
func (p *Pass) readPrivate(m map[string]any) error {
	s, _ := m[memberRead].(string)
	seed, err := enc.DecodeB64URLLen(s, readSeedLen)
	if err != nil {
		return fmt.Errorf("%w: read is not base64url of %d bytes", ErrPass, readSeedLen)
	}
	if x, present := m[memberReadKey]; present {
		if p.ReadKey, _ = x.(string); !identity.IsDID(p.ReadKey) {
			return fmt.Errorf("%w: readKey is not a did:key", ErrPass)
		}
	}
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return fmt.Errorf("%w: read: %w", ErrPass, err)
	}
	if did := kp.DID(); did != p.Space.ReadKey && (p.ReadKey == "" || did != p.ReadKey) {
		return fmt.Errorf("%w: read seed gives %s, neither the space's read key nor the pass's", ErrPass, did)
	}
	p.ReadSeed = seed
	return nil
}

func only(m map[string]any, names ...string) error {
	for k := range m {
		known := false
		for _, n := range names {
			known = known || k == n
		}
		if !known {
			return fmt.Errorf("%w: unknown member %q", ErrPass, k)
		}
	}
	return nil
}

// PassAt reads a pass version: a sys.pass at pass:<hex40(space id)> whose
// body is accepted (ParsePass) and names that space.
func PassAt(v *record.Version) (*Pass, error) {
	if v.Collection != CollectionPass || v.Deleted {
		return nil, fmt.Errorf("%w: %s is not a pass", ErrPass, v.ID)
	}
	p, err := ParsePass(v.Body)
	if err != nil {
		return nil, err
	}
	if v.Key != p.RecordKey() {
		return nil, fmt.Errorf("%w: at %s, not %s", ErrPass, v.Key, p.RecordKey())
	}
	return p, nil
}

// ReadDID is the read DID the pass's seed gives: the space's readKey or the
// pass's readKey (ParsePass checked it is one of them); "" for a public space.
func (p *Pass) ReadDID() string {
	if p.ReadSeed == nil {
		return ""
	}
	if p.ReadKey != "" {
		if kp, err := identity.DeriveKeyPairFromSeed(p.ReadSeed); err == nil && kp.DID() == p.ReadKey {
			return p.ReadKey
		}
	}
	return p.Space.ReadKey
}

// Vouched says whether the space's history vouches for the pass's read key
// (03 §14): a public space's pass always; a private one's when S.keys (core/
// access State.Keys) names its read DID. One it does not name gets the
// carrier nowhere.
func (p *Pass) Vouched(keys []access.KeyEntry) bool {
	did := p.ReadDID()
	if did == "" {
		return true
	}
	for _, e := range keys {
		if e.ReadKey == did {
			return true
		}
	}
	return false
}
