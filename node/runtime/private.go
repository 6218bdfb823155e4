package runtime

import (
	"context"
	"fmt"
	"sync"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
)

// labelHeldKey seals the space keys a node holds in its own state with the
// account's local key (the node's own label: keys never lie in the clear).
const labelHeldKey = "minca-desktop/held-space-key/v1"

// keys is what a node holds of a private space's keys (03 §8–§9): the raw
// keys it was given (founding, an invite, its own key changes), its member
// key, and the Keyring built from them and the store, rebuilt when the store
// changes. Safe for concurrent use: the engine opens bodies through it.
type keys struct {
	h       *held
	account string
	member  *identity.KeyPair

	mu   sync.Mutex
	held []*spacekey.Key
	ring *spacekey.Keyring
	gen  uint64
}

// Reads and Open make keys the engine's judge.Opener.
func (k *keys) Reads() bool {
	r, err := k.keyring(context.Background())
	return err == nil && r.Reads()
}

func (k *keys) Open(v *record.Version) (any, bool) {
	r, err := k.keyring(context.Background())
	if err != nil {
		return nil, false
	}
	return r.Open(v)
}

func (k *keys) add(key *spacekey.Key) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, x := range k.held {
		if x.ID() == key.ID() {
			return
		}
	}
	k.held = append(k.held, key)
	k.ring = nil
}

// keyring is every key the account reaches now (spacekey.Keyring).
func (k *keys) keyring(ctx context.Context) (*spacekey.Keyring, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	gen, err := k.h.store.Generation(ctx)
	if err != nil {
		return nil, err
	}
	if k.ring != nil && gen == k.gen {
		return k.ring, nil
	}
	hist, err := k.h.replay(ctx)
	if err != nil {
		return nil, err
	}
	changes, err := k.h.store.Collection(ctx, spacekey.CollectionKey)
	if err != nil {
		return nil, err
	}
	boxes, err := k.h.boxes(ctx)
	if err != nil {
		return nil, err
	}
	in := spacekey.Input{Space: k.h.sp.ID, Keys: hist.Current().Keys(), Changes: spacekey.ChangesFrom(changes),
		Held: append([]*spacekey.Key(nil), k.held...), Account: k.account, Member: k.member}
	for _, b := range boxes {
		in.Boxes = append(in.Boxes, b.Box)
	}
	k.ring, k.gen = spacekey.NewKeyring(in), gen
	return k.ring, nil
}

// boxes are the sys.box versions the store holds whole.
func (h *held) boxes(ctx context.Context) ([]spacekey.HeldBox, error) {
	vs, err := h.store.Collection(ctx, spacekey.CollectionBox)
	if err != nil {
		return nil, err
	}
	var out []spacekey.HeldBox
	for _, v := range vs {
		if v.IsStub() || v.Deleted {
			continue
		}
		if hb, err := spacekey.HeldBoxOf(v, rootOf(v)); err == nil {
			out = append(out, hb)
		}
	}
	return out, nil
}

// memberKeys are the member keys (03 §9.1) of the given accounts that the
// store holds.
func (h *held) memberKeys(ctx context.Context, accounts []string) spacekey.Recipients {
	to := spacekey.Recipients{}
	for _, a := range accounts {
		v, err := h.store.Current(ctx, record.MemberKeyKey(a))
		if err != nil {
			continue
		}
		c := []spacekey.Candidate{{Version: v, Root: rootOf(v), Stands: true}}
		if pub, _, ok := spacekey.MemberKeyOf(a, c); ok {
			to[a] = pub
		}
	}
	return to
}

// newKeys makes the key holder of a private space for this account.
func (n *Node) newKeysLocked(h *held, sealed []string) (*keys, error) {
	ak, err := identity.AccountKey(n.seed)
	if err != nil {
		return nil, err
	}
	member, err := spacekey.MemberKey(ak, h.sp.ID)
	if err != nil {
		return nil, err
	}
	k := &keys{h: h, account: n.acct.DID(), member: member}
	for _, s := range sealed {
		key, err := n.openHeldKeyLocked(h.sp.ID, s)
		if err != nil {
			return nil, fmt.Errorf("held key of %s: %w", h.sp.ID, err)
		}
		k.held = append(k.held, key)
	}
	return k, nil
}

func (n *Node) localKeyLocked() ([]byte, error) { return identity.LocalKey(n.seed) }

// sealHeldKeyLocked seals a space key for the node's state.
func (n *Node) sealHeldKeyLocked(spaceID string, k *spacekey.Key) (string, error) {
	lk, err := n.localKeyLocked()
	if err != nil {
		return "", err
	}
	env, err := identity.Seal(lk, labelHeldKey, spaceID, []byte(k.Encoded()), n.cfg.Rand)
	if err != nil {
		return "", err
	}
	return enc.B64URL(env), nil
}

func (n *Node) openHeldKeyLocked(spaceID, s string) (*spacekey.Key, error) {
	lk, err := n.localKeyLocked()
	if err != nil {
		return nil, err
	}
	env, err := enc.DecodeB64URL(s)
	if err != nil {
		return nil, err
	}
	raw, err := identity.Open(lk, labelHeldKey, spaceID, env)
	if err != nil {
		return nil, err
	}
	return spacekey.Parse(string(raw))
}

// holdKeyLocked keeps a key of a private space, in memory and (sealed) in
// the node's state.
func (n *Node) holdKeyLocked(h *held, k *spacekey.Key) error {
	h.keys.add(k)
	s, err := n.sealHeldKeyLocked(h.sp.ID, k)
	if err != nil {
		return internal(err)
	}
	for i := range n.st.Spaces {
		if n.st.Spaces[i].ID == h.sp.ID {
			n.st.Spaces[i].SealedKeys = append(n.st.Spaces[i].SealedKeys, s)
		}
	}
	return n.saveLocked()
}

// writeMemberKeyLocked writes the account's member key into a private space
// (03 §9.1) unless the space holds it already.
func (n *Node) writeMemberKeyLocked(ctx context.Context, h *held) error {
	me := n.acct.DID()
	if _, ok := h.memberKeys(ctx, []string{me})[me]; ok {
		return nil
	}
	d := accessDraft(ctx, h, spacekey.CollectionMemberKey, record.MemberKeyKey(me), spacekey.MemberKeyBody(h.keys.member))
	d.Retain = false
	_, err := n.writeLocked(ctx, h, d)
	return err
}

// changeKeyLocked changes a private space's key at once (03 §9.3): K' with
// every earlier key sealed under it, boxed to every remaining reader whose
// member key is held, this account included (its other devices, 03 §9.4).
func (n *Node) changeKeyLocked(ctx context.Context, h *held) error {
	hist, err := h.replay(ctx)
	if err != nil {
		return internal(err)
	}
	readers := hist.Current().Readers()
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		return internal(err)
	}
	ch, err := ring.NewChange(h.memberKeys(ctx, readers), n.cfg.Rand)
	if err != nil {
		return api.Errorf(api.CodeForbidden, "change the space key: %w", err)
	}
	if err := n.holdKeyLocked(h, ch.Key); err != nil {
		return err
	}
	if _, err := n.writeLocked(ctx, h, accessDraft(ctx, h, spacekey.CollectionKey, record.KeySpaceKey, ch.Body.Body())); err != nil {
		return err
	}
	return n.writeBoxesLocked(ctx, h, ch.Boxes)
}

func (n *Node) writeBoxesLocked(ctx context.Context, h *held, boxes []spacekey.Box) error {
	me := n.acct.DID()
	for _, b := range boxes {
		d := accessDraft(ctx, h, spacekey.CollectionBox, b.RecordKey(me), b.Body())
		d.Retain = false
		if _, err := n.writeLocked(ctx, h, d); err != nil {
			return err
		}
	}
	return nil
}

// boxesDueLocked writes the boxes the account owes readers whose member keys
// arrived after the last key change (03 §9.4).
func (n *Node) boxesDueLocked(ctx context.Context, h *held) error {
	if h.keys == nil {
		return nil
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return internal(err)
	}
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		return internal(err)
	}
	held, err := h.boxes(ctx)
	if err != nil {
		return internal(err)
	}
	cur := hist.Current()
	due, err := ring.BoxesDue(cur, n.acct.DID(), h.memberKeys(ctx, cur.Readers()), held, n.cfg.Rand)
	if err != nil || len(due) == 0 {
		return nil
	}
	return n.writeBoxesLocked(ctx, h, due)
}
