// Package segtest builds what tests of mirrors need: a public space founded
// by a deterministic account, and a client of it (a store, the gatekeeper
// over it, a mirror) that writes signed versions through the gatekeeper.
// Shared by node/segments' tests and the data-folder end-to-end helper.
package segtest

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

// Collections members may write anything in.
const (
	Wiki   = "app.wiki"
	Canvas = "app.canvas"
)

// Key derives a deterministic account key from one byte.
func Key(b byte) (*identity.KeyPair, error) {
	return identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, identity.SeedLen))
}

// Space founds a public space: founder is admin and member; members write
// anything in app.wiki and app.canvas.
func Space(founder *identity.KeyPair, nonce string) (*space.Space, error) {
	grant := func(cmd string, pol ...any) any { return map[string]any{"cmd": cmd, "pol": pol} }
	eq := func(sel string, v any) any { return []any{"==", sel, v} }
	roles := []any{
		map[string]any{"name": "member", "grants": []any{
			grant("/record", eq(".collection", Wiki)),
			grant("/record", eq(".collection", Canvas)),
		}},
		map[string]any{"name": "admin", "grants": []any{
			grant("/role/assign", eq(".role", "member")),
		}},
	}
	con, err := space.ParseConstitution(map[string]any{
		"createdAt": "2026-01-01T00:00:00.000Z", "minca": "constitution/1", "name": "Folder club",
		"nonce": nonce, "resolver": "strong-remove/1", "roles": roles,
		"visibility": "public", "top": map[string]any{"founders": []any{founder.DID()}},
		"assigned": map[string]any{founder.DID(): []any{"admin", "member"}},
	})
	if err != nil {
		return nil, fmt.Errorf("constitution: %w", err)
	}
	id, err := con.ID()
	if err != nil {
		return nil, err
	}
	return &space.Space{ID: id, Constitution: con}, nil
}

// Client is one client of a space: its own store, the gatekeeper over it,
// and its mirror in a blob store.
type Client struct {
	Key    *identity.KeyPair
	Store  versions.Store
	Space  *syncer.Space
	Gate   segments.SpaceGate
	Mirror *segments.Mirror
	Now    time.Time
	mu     sync.Mutex
}

// NewClient opens a client over store, mirroring into blobs with state.
func NewClient(ctx context.Context, key *identity.KeyPair, sp *space.Space, store versions.Store,
	blobs blobstore.Store, state segments.StateStore) (*Client, error) {
	return NewClientPer(ctx, key, sp, store, blobs, state, 0)
}

// NewClientPer is NewClient with at most per versions a segment (0: the
// default).
func NewClientPer(ctx context.Context, key *identity.KeyPair, sp *space.Space, store versions.Store,
	blobs blobstore.Store, state segments.StateStore, per int) (*Client, error) {
	s, err := syncer.NewSpace(ctx, syncer.SpaceConfig{Space: sp, Store: store})
	if err != nil {
		return nil, err
	}
	c := &Client{Key: key, Store: store, Space: s, Now: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}
	c.Gate = segments.SpaceGate{Space: s, Now: func() time.Time { return c.Now }, Lock: &c.mu}
	c.Mirror, err = segments.Open(segments.Config{Blobs: blobs, SpaceID: sp.ID, Store: store,
		Gate: c.Gate, State: state, PerSegment: per})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Sign completes and signs a draft: space, time, heads seen, place in the
// author's line in its collection.
func (c *Client) Sign(ctx context.Context, d *record.Version) (*record.Version, error) {
	c.mu.Lock()
	heads := c.Space.History().Heads()
	c.mu.Unlock()
	if heads == nil {
		heads = []string{}
	}
	own, err := c.Store.Collection(ctx, d.Collection)
	if err != nil {
		return nil, err
	}
	c.Now = c.Now.Add(time.Millisecond)
	d.Space = c.Space.ID()
	d.CreatedAt = c.Now.UTC().Format("2006-01-02T15:04:05.000Z")
	d.Seen = heads
	d.Log = record.NextLog(own, c.Key.DID(), d.Collection)
	return record.Sign(d, c.Key)
}

// Write signs d and takes it in through the gatekeeper.
func (c *Client) Write(ctx context.Context, d *record.Version) (*record.Version, error) {
	v, err := c.Sign(ctx, d)
	if err != nil {
		return nil, err
	}
	out, err := c.Gate.Offer(ctx, []*record.Version{v})
	if err != nil {
		return nil, err
	}
	if out[0] != segments.Stored {
		return nil, fmt.Errorf("write %s/%s: not taken (%d)", d.Collection, d.Key, out[0])
	}
	return v, nil
}

// Create writes the first version of a new record.
func (c *Client) Create(ctx context.Context, collection, key string, body any) (*record.Version, error) {
	return c.Write(ctx, &record.Version{Collection: collection, Key: key, Body: body, HasBody: true})
}

// Edit writes the version after key's current one.
func (c *Client) Edit(ctx context.Context, key string, body any) (*record.Version, error) {
	cur, err := c.Store.Current(ctx, key)
	if err != nil {
		return nil, err
	}
	d := record.Next(cur)
	d.Body, d.HasBody = body, true
	return c.Write(ctx, d)
}

// State is what convergence compares: every r/ entry and every collection
// sum of the store, one per line, sorted.
func State(ctx context.Context, s versions.Store) (string, error) {
	d, err := s.Dump(ctx)
	if err != nil {
		return "", err
	}
	var lines []string
	for col, sum := range d.Sums {
		lines = append(lines, fmt.Sprintf("sum %s %s %d", col, sum.Fingerprint(), sum.Count))
	}
	for k, v := range d.Entries {
		if len(k) > 2 && k[:2] == "r/" {
			lines = append(lines, k+"="+v)
		}
	}
	sort.Strings(lines)
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String(), nil
}
