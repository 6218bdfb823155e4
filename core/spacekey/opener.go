package spacekey

import (
	"fmt"
	"io"

	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
)

// The Keyring is how a reader of a private space opens bodies in core/judge.
var (
	_ judge.Opener    = (*Keyring)(nil)
	_ judge.TopicKeys = (*Keyring)(nil)
	_ judge.FirstKeys = (*Keyring)(nil)
)

// Reads says whether this peer reads the space (03 §5.2 step 8).
//
// Choice: it reads when it holds any key the history names; one holding
// only old keys still reads what was sealed under them.
func (r *Keyring) Reads() bool { return len(r.keys) > 0 }

// Open gives v's body as this reader opens it (judge.Opener): a body in a
// collection kept in the clear as it is (03 §8.2), an encrypted one opened
// (03 §8.3). ok is false for a body it cannot open, for a stub or a delete,
// and for a body in the clear where it should be encrypted: all read as
// null, never as a refusal.
func (r *Keyring) Open(v *record.Version) (any, bool) {
	o, err := r.OpenVersion(v)
	if err != nil {
		return nil, false
	}
	return o.Body, true
}

// OpenVersion is Open with the links that travel inside the ciphertext,
// and why a body does not open (always wrapping ErrNotOpened).
func (r *Keyring) OpenVersion(v *record.Version) (Opened, error) {
	if v.Deleted || !v.HasBody || v.IsStub() {
		return Opened{}, fmt.Errorf("%w: %s carries no body", ErrNotOpened, v.ID)
	}
	if InTheClear(v.Collection) {
		return Opened{Body: v.Body, Links: v.Links}, nil
	}
	k, err := r.keyOf(v.Body)
	if err != nil {
		return Opened{}, err
	}
	return OpenBody(k, PlaceOf(v), v.Body)
}

// keyOf is the held key an encrypted body names.
func (r *Keyring) keyOf(body any) (*Key, error) {
	id, ok := IsSealed(body)
	if !ok {
		return nil, fmt.Errorf("%w: not an encrypted body", ErrNotOpened)
	}
	k, ok := r.Key(id)
	if !ok {
		return nil, fmt.Errorf("%w: key %q is not held", ErrNotOpened, id)
	}
	return k, nil
}

// TopicIKM is the raw key v's body was sealed under, the input of its tag
// key (02 §8.2; judge.TopicKeys), when the body opens with it.
func (r *Keyring) TopicIKM(v *record.Version) ([]byte, bool) {
	if InTheClear(v.Collection) || v.Deleted || !v.HasBody {
		return nil, false
	}
	k, err := r.keyOf(v.Body)
	if err != nil {
		return nil, false
	}
	if _, err := OpenBody(k, PlaceOf(v), v.Body); err != nil {
		return nil, false
	}
	return k.Raw(), true
}

// Seal encrypts a body for a new version at p under the current key (03
// §8.3). Without the current key the account must not write: ErrNoCurrent.
func (r *Keyring) Seal(p Place, body any, links []record.Link, rnd io.Reader) (map[string]any, error) {
	k, ok := r.Current()
	if !ok {
		return nil, ErrNoCurrent
	}
	return SealBody(k, p, body, links, rnd)
}
