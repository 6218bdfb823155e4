package runtime

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

// The folder mirror (05 §14.1, §14.5, §16.2–§16.4): every space the node
// holds, the account registry included, is mirrored into the data folder as
// segments under spaces/<account id>/<space id>/<store writer id>/, so a
// second device of the account that shares the folder gets every space and
// record through the folder alone. One goroutine per node (mirrorLoop,
// started by loop) pushes after local changes, debounced, pulls on open and
// then with backoff, and compacts; a space's mirror pushes what is left when
// the space closes (Close → pushOnCloseLocked, set up then if the loop had
// not yet; a dropped space: closeMirror). Every pulled version goes in
// through the space's engine (syncer.Engine.Write: the gatekeeper's Judge,
// Accept and Flush under the engine's lock, as sync takes a peer's
// versions), and what goes in is pushed on to connected peers.
//
// Choices where 05 is silent (the node's own):
//   - The data folder mirrored is the one Status reports (chosen or the
//     default), once it exists (the account's vault is written there).
//   - Each store writer's state is a JSON file in the profile directory,
//     under mirror/<16 hex of SHA-256 of the folder's path>/<space id>.json:
//     a folder chosen later starts a fresh store writer there, which pushes
//     everything the node holds.
//   - A push waits for mirrorDebounce without a new local change; pulls run
//     mirrorPullMin after one that took something in or a local change, and
//     back off by doubling to mirrorPullMax while nothing comes.

const (
	mirrorTick     = 250 * time.Millisecond // how often stores are looked at
	mirrorDebounce = 400 * time.Millisecond // quiet time before a push
	mirrorPullMin  = 500 * time.Millisecond
	mirrorPullMax  = 8 * time.Second
	mirrorDir      = "mirror" // store writer states, in the profile directory
	mirrorCloseIn  = 10 * time.Second
)

// spaceMirror is one held space's store writer in the data folder. Only
// mirrorLoop touches its fields but m, which is safe for concurrent use.
type spaceMirror struct {
	h         *held
	m         *segments.Mirror
	root      *sharedRoot // released by whoever detaches it from h
	folder    string
	seenGen   uint64 // store generation last looked at
	pushedGen uint64 // store generation last pushed
	changed   time.Time
	nextPull  time.Time
	pullEvery time.Duration
	lastErr   error
}

// closeMirror pushes what is left of h's mirror (05 §16.4: push on close)
// and detaches it; the store is still open. None is set up after it.
func (h *held) closeMirror() {
	ctx, cancel := context.WithTimeout(context.Background(), mirrorCloseIn)
	defer cancel()
	h.pushOnClose(ctx, nil)
}

// pushOnCloseLocked is the push on close (05 §16.4) of every space the
// node holds, the registry included, before their stores close (Close).
// A space whose store writer the loop has not set up yet (it does so at
// its first mirrorTick: a one-shot command closes sooner) gets one here, so
// what was written reaches the data folder however soon the node closes.
//
// One deadline, mirrorCloseIn, bounds it, checked before each space: a
// slow folder leaves the spaces not reached by then unpushed, and the next
// run of any process of the profile pushes them (a store writer pushes all
// the folder is not known to hold). A space's push, once begun, writes all
// its segments (one per segments.MaxPerSegment versions); a write the
// folder blocks in (a hung network mount) holds Close as long as the
// system does.
func (n *Node) pushOnCloseLocked() {
	hs := make(map[string]*held, len(n.spaces)+1)
	for id, h := range n.spaces {
		hs[id] = h
	}
	if r := n.registry; r != nil {
		hs[r.sp.ID] = r
	}
	ctx, cancel := context.WithTimeout(context.Background(), mirrorCloseIn)
	defer cancel()
	mr := &mirrorRun{n: n, live: map[string]*spaceMirror{}}
	defer mr.closeRoot()
	if n.acct == nil || n.st.AccountID == "" || mr.openRoot(n.folderPathLocked(), n.st.AccountID) != nil {
		mr = nil // no folder to set up store writers in: push those there are
	}
	for _, id := range sortedIDs(hs) {
		hs[id].pushOnClose(ctx, mr)
	}
}

// pushOnClose pushes what is left of h's store writer, set up through mr
// when it has none and mr is not nil, unless ctx is done, and detaches it.
func (h *held) pushOnClose(ctx context.Context, mr *mirrorRun) {
	h.mirrorMu.Lock()
	defer h.mirrorMu.Unlock()
	h.mirrorDone = true
	sm := h.mirror.Swap(nil)
	if sm == nil && mr != nil && ctx.Err() == nil {
		sm, _ = mr.open(h.sp.ID, h) // a folder that refuses it: as if slow
	}
	if sm == nil {
		return
	}
	defer sm.root.release()
	if ctx.Err() == nil {
		_ = sm.m.Close(ctx)
	}
}

// sharedRoot is an open data folder shared by mirrorLoop and the store
// writers it made: closed when the last of them lets it go, so a push on
// close never meets a folder the loop closed on its way out.
type sharedRoot struct {
	root  *folder.Root
	blobs blobstore.Store
	refs  atomic.Int32
}

func (r *sharedRoot) hold() *sharedRoot { r.refs.Add(1); return r }

func (r *sharedRoot) release() {
	if r.refs.Add(-1) == 0 {
		r.root.Close()
	}
}

// mirrorLoop runs the folder mirror until stop closes.
func (n *Node) mirrorLoop(stop <-chan struct{}) {
	defer n.bg.Done()
	t := time.NewTicker(mirrorTick)
	defer t.Stop()
	mr := &mirrorRun{n: n, live: map[string]*spaceMirror{}}
	defer mr.closeRoot()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		mr.once(context.Background())
	}
}

// mirrorRun is mirrorLoop's own state.
type mirrorRun struct {
	n    *Node
	live map[string]*spaceMirror
	dir  string
	root *sharedRoot // the loop's own reference
	acct string
}

// mirrorTargets is what to mirror now: the data folder, the account id and
// every held space (the registry too); no folder while the node is closed,
// locked or without an account.
func (n *Node) mirrorTargets() (dir, acct string, hs map[string]*held) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil || n.st.AccountID == "" {
		return "", "", nil
	}
	hs = make(map[string]*held, len(n.spaces)+1)
	for id, h := range n.spaces {
		hs[id] = h
	}
	if r := n.registry; r != nil {
		hs[r.sp.ID] = r
	}
	return n.folderPathLocked(), n.st.AccountID, hs
}

func (mr *mirrorRun) once(ctx context.Context) {
	dir, acct, hs := mr.n.mirrorTargets()
	if err := mr.openRoot(dir, acct); err != nil {
		hs = nil
	}
	for id, sm := range mr.live {
		if hs[id] != sm.h || sm.folder != mr.dir {
			if sm.h.mirror.CompareAndSwap(sm, nil) {
				sm.root.release()
			}
			delete(mr.live, id)
		}
	}
	now := time.Now()
	for id, h := range hs {
		sm := mr.live[id]
		if sm == nil {
			if sm = mr.attach(id, h); sm == nil {
				continue
			}
			mr.live[id] = sm
		}
		if h.mirror.Load() != sm {
			continue // closed meanwhile
		}
		sm.step(ctx, now)
	}
}

// attach sets up h's store writer, unless its push on close ran: nil when
// it did, or the folder refuses it.
func (mr *mirrorRun) attach(id string, h *held) *spaceMirror {
	h.mirrorMu.Lock()
	defer h.mirrorMu.Unlock()
	if h.mirrorDone || h.mirror.Load() != nil {
		return nil
	}
	sm, err := mr.open(id, h)
	if err != nil {
		return nil
	}
	h.mirror.Store(sm)
	return sm
}

// openRoot opens the data folder's segment store of the account, once.
func (mr *mirrorRun) openRoot(dir, acct string) error {
	if dir == mr.dir && acct == mr.acct && mr.root != nil {
		return nil
	}
	mr.closeRoot()
	if dir == "" {
		return errors.New("no data folder")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("data folder %s is not there yet", dir)
	}
	if err := folder.CheckOutside(dir, mr.n.dir); err != nil {
		return err // 05 §14.5
	}
	root, err := folder.Open(dir)
	if err != nil {
		return err
	}
	parts, err := folder.SpacesParts(acct)
	if err != nil {
		root.Close()
		return err
	}
	blobs, err := blobstore.NewDir(root, parts...)
	if err != nil {
		root.Close()
		return err
	}
	mr.dir, mr.acct, mr.root = dir, acct, &sharedRoot{root: root, blobs: blobs}
	mr.root.refs.Store(1)
	return nil
}

// closeRoot lets the loop's reference go; store writers still attached to
// held spaces keep the folder open until they are closed.
func (mr *mirrorRun) closeRoot() {
	if mr.root != nil {
		mr.root.release()
	}
	mr.dir, mr.acct, mr.root = "", "", nil
}

// open makes the store writer of space id in the folder, its state in the
// profile directory (05 §14.5: never in the folder).
func (mr *mirrorRun) open(id string, h *held) (*spaceMirror, error) {
	sum := sha256.Sum256([]byte(mr.dir))
	stateDir := filepath.Join(mr.n.dir, mirrorDir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return nil, err
	}
	m, err := segments.Open(segments.Config{Blobs: mr.root.blobs, SpaceID: id, Store: h.store,
		Gate: engineGate{eng: h.eng, store: h.store}, State: segments.FileState{Path: filepath.Join(stateDir, id+".json")}})
	if err != nil {
		return nil, fmt.Errorf("mirror %s: %w", id, err)
	}
	return &spaceMirror{h: h, m: m, root: mr.root.hold(), folder: mr.dir, pullEvery: mirrorPullMin}, nil
}

// step pushes after a quiet local change and pulls when due.
func (sm *spaceMirror) step(ctx context.Context, now time.Time) {
	g, err := sm.h.store.Generation(ctx)
	if err != nil {
		sm.lastErr = err
		return
	}
	if g != sm.seenGen {
		sm.seenGen, sm.changed = g, now
		sm.pullEvery, sm.nextPull = mirrorPullMin, now.Add(mirrorPullMin)
	}
	if sm.seenGen != sm.pushedGen && now.Sub(sm.changed) >= mirrorDebounce {
		if up, err := sm.m.Push(ctx); err != nil {
			sm.lastErr = err
		} else {
			sm.pushedGen = g
			if up > 0 {
				_, _ = sm.m.Compact(ctx, false)
			}
		}
	}
	if now.Before(sm.nextPull) {
		return
	}
	_, err = sm.m.Pull(ctx)
	after, gerr := sm.h.store.Generation(ctx)
	switch {
	case err != nil || gerr != nil:
		sm.lastErr = errors.Join(err, gerr)
		sm.pullEvery = min(2*sm.pullEvery, mirrorPullMax)
	case after != g:
		// Something came in; look again soon. What came in is known in
		// the folder already, but a local write may have landed during
		// the pull: the next step pushes (only what is not known).
		sm.seenGen = after
		sm.pullEvery = mirrorPullMin
	default:
		sm.pullEvery = min(2*sm.pullEvery, mirrorPullMax)
	}
	sm.nextPull = now.Add(sm.pullEvery)
}

// engineGate is segments.Gate over a held space's engine: each version
// read from the folder goes through Engine.Write, the gatekeeper of 05 §8
// under the engine's lock (the one sync's intake uses), unless the store
// holds the very same bytes already.
type engineGate struct {
	eng   *syncer.Engine
	store versions.Store
}

// Offer implements segments.Gate. Engine.Write says why a version was not
// taken only in its error text ("<id>: later…" when it waits on versions
// not held yet, 02 §9.5); a store that refused it counts as refused.
func (g engineGate) Offer(ctx context.Context, vs []*record.Version) ([]segments.Outcome, error) {
	out := make([]segments.Outcome, len(vs))
	for i, v := range vs {
		if g.sameAsHeld(ctx, v) {
			out[i] = segments.Stored
			continue
		}
		err := g.eng.Write(ctx, v)
		switch {
		case err == nil:
			out[i] = segments.Stored
		case errors.Is(err, syncer.ErrNotTaken):
			out[i] = segments.Refused
			if strings.Contains(err.Error(), v.ID+": "+record.Later.String()) {
				out[i] = segments.Waiting
			}
		default:
			return nil, fmt.Errorf("take %s from the folder: %w", v.ID, err)
		}
	}
	return out, nil
}

// sameAsHeld says whether the store holds v byte for byte (or v is the
// stub of what it holds): a copy that only shares an id is judged.
func (g engineGate) sameAsHeld(ctx context.Context, v *record.Version) bool {
	held, err := g.store.Get(ctx, v.ID)
	if err != nil {
		return false
	}
	if v.IsStub() && !held.IsStub() {
		held = held.Stub()
	}
	a, err1 := record.Marshal(v)
	b, err2 := record.Marshal(held)
	return err1 == nil && err2 == nil && string(a) == string(b)
}
