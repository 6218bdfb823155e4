package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/node/segments"
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
// Files: folder_mirror.go (the loop and a space's step), _setup.go (the
// folder opened and a store writer attached), _push.go, _pull.go (pulls,
// their backoff and the gate pulled versions go through), _close.go (the
// push on close).
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
	sm.pushQuiet(ctx, now, g)
	if !now.Before(sm.nextPull) {
		sm.pullDue(ctx, now, g)
	}
}
