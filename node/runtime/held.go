package runtime

import (
	"context"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

// spacesDir holds one SQLite store per space in the profile directory.
const spacesDir = "spaces"

// held is one space the node holds: its store, gatekeeper and engine.
type held struct {
	sp    *space.Space
	store *versions.SQLite
	eng   *syncer.Engine
	lines map[string]*record.Version // this session's last version per collection
	keys  *keys                      // private spaces only
	// dueSince is when the loop first found a key change due that this
	// node should make, zero when none is (keydue.go).
	dueSince time.Time
	// mendJitter is this node's random part of the wait before mending
	// concurrent key changes, drawn once (keydue.go mendWaitLocked).
	mendJitter time.Duration
	// mirror is its store writer in the data folder (folder_mirror.go).
	mirror atomic.Pointer[spaceMirror]
	// mirrorMu orders the mirror loop's setting up of mirror against the
	// push on close; mirrorDone says that push ran: no mirror is set up
	// after it.
	mirrorMu   sync.Mutex
	mirrorDone bool
	// events keeps the access events the store's versions yield, so a
	// replay does not check every version again (eventcache.go).
	events eventCache
	// kept is the access history replayed once and advanced by what the
	// store takes in since (replay.go).
	kept keptReplay
}

func (h *held) private() bool { return h.keys != nil }

// body is v's body as this node opens it; ok false when it cannot.
func (h *held) body(ctx context.Context, v *record.Version) (any, bool) {
	if v.IsStub() || v.Deleted {
		return nil, false
	}
	if !h.private() {
		return v.Body, true
	}
	return h.keys.Open(v)
}

type clock struct{ n *Node }

func (c clock) Now() time.Time { return c.n.now() }

// openSpaceLocked opens a held space: its store, the gatekeeper's replay of
// what the store holds, its engine (netsync's on sockets, dialling the
// nodes its invitations named), and its place on the hub.
func (n *Node) openSpaceLocked(ctx context.Context, ss spaceState) error {
	if _, ok := n.spaces[ss.ID]; ok {
		return nil
	}
	sp, err := space.CheckSpace(ss.Constitution)
	if err != nil {
		return api.Errorf(api.CodeInternal, "space %s in the node state: %w", ss.ID, err)
	}
	h, err := n.openHeldLocked(ctx, sp, ss.SealedKeys)
	if err != nil {
		return err
	}
	eng, err := n.engineLocked(ctx, h, ss.Nodes)
	if err != nil {
		h.store.Close()
		return internal(err)
	}
	n.startHeldLocked(ctx, h, eng)
	n.spaces[sp.ID] = h
	return nil
}

// openHeldLocked opens a space's store and, for a private space, the keys
// the account holds of it.
func (n *Node) openHeldLocked(ctx context.Context, sp *space.Space, sealedKeys []string) (*held, error) {
	path := filepath.Join(n.dir, spacesDir, sp.ID+".db")
	st, err := versions.OpenSQLite(ctx, versions.Config{Path: path})
	if err != nil {
		return nil, api.Errorf(api.CodeUnavailable, "open the store of %s: %w", sp.ID, err)
	}
	h := &held{sp: sp, store: st, lines: map[string]*record.Version{}}
	if sp.Visibility == space.VisibilityPriv {
		if h.keys, err = n.newKeysLocked(h, sealedKeys); err != nil {
			st.Close()
			return nil, internal(err)
		}
	}
	return h, nil
}

// startHeldLocked gives h its engine and puts it on the hub.
func (n *Node) startHeldLocked(ctx context.Context, h *held, eng *syncer.Engine) {
	h.eng = eng
	if n.cfg.Hub != nil && !n.paused {
		n.cfg.Hub.join(ctx, h.sp.ID, eng, n.wire.DID())
	}
}

// closeHeldLocked takes h off the network and closes its store.
func (n *Node) closeHeldLocked(h *held) error {
	h.closeMirror()
	if n.cfg.Hub != nil {
		n.cfg.Hub.leave(h.sp.ID, n.wire.DID())
	}
	if n.net != nil && h != n.registry {
		n.net.Remove(h.sp.ID)
	}
	return h.store.Close()
}

// spaceLocked finds a held space, with CodeInvalid for a malformed id and
// CodeNotFound for one not held.
func (n *Node) spaceLocked(id string) (*held, error) {
	if err := n.readyLocked(); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, api.Errorf(api.CodeInvalid, "no space id given")
	}
	h, ok := n.spaces[id]
	if !ok {
		if !validSpaceID(id) {
			return nil, api.Errorf(api.CodeInvalid, "%q is not a space id", id)
		}
		return nil, api.Errorf(api.CodeNotFound, "no space %s here", id)
	}
	return h, nil
}

// validSpaceID says whether s is spelled as a space id (03 §1.2: a CID).
func validSpaceID(s string) bool {
	_, err := enc.ParseCID(s)
	return err == nil
}

func sortedIDs(m map[string]*held) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
