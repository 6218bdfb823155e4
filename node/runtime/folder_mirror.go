package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/node/segments"
)

// The folder mirror (05 §14.1, §14.5, §16.2–§16.4): every space the node
// holds, the account registry included, is mirrored into the data folder as
// segments under accounts/<account id>/stores/spaces/<space id>/<store
// writer id>/, so a second device of the account that shares the folder
// gets every space and
// record through the folder alone. One goroutine per node (mirrorLoop,
// started by loop) pushes after local changes, debounced, pulls on open and
// then with backoff, and compacts, waking for a store's landing (wake.go)
// or when a push or pull is due, never on a fixed tick; a space's mirror pushes what is left when
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
//     back off by doubling to mirrorPullMax while nothing comes (05 §14.5
//     asks for pulls "periodically": other clients' segments, which a
//     file-sync tool delivers, are told by nothing). The loop wakes at
//     once for a landing in a store, at most once per mirrorPace, and else
//     when the next push or pull of a space is due; a space whose pull is
//     due within half its wait is pulled along, so that at rest the spaces
//     pull together, a few times a minute. A change another process made
//     to a store (05 §10.2) is seen at the next pull.
//   - While there is nothing to mirror (no folder yet, no account, locked)
//     it looks again after mirrorPullMin, doubling to mirrorPullMax, and at
//     once when a space opens or a folder is chosen.

const (
	mirrorPace     = 250 * time.Millisecond // the least time between two looks
	mirrorDebounce = 400 * time.Millisecond // quiet time before a push
	mirrorPullMin  = 500 * time.Millisecond
	mirrorPullMax  = 8 * time.Second
	mirrorDir      = "mirror" // store writer states, in the profile directory
	mirrorCloseIn  = 10 * time.Second
)

// spaceMirror is one held space's store writer in the data folder. Only
// mirrorLoop touches its fields but m, which is safe for concurrent use.
type spaceMirror struct {
	h          *held
	m          *segments.Mirror
	root       *sharedRoot // released by whoever detaches it from h
	folder     string
	seenGen    uint64 // store generation last looked at
	pushedGen  uint64 // store generation last pushed
	pushFailed bool   // the last push failed
	changed    time.Time
	nextPull   time.Time
	pullEvery  time.Duration
	lastErr    error
	pulls      pullCounts // what its pulls found (folder_mirror_pull.go)
}

// mirrorLoop runs the folder mirror until stop closes.
func (n *Node) mirrorLoop(stop <-chan struct{}) {
	defer n.bg.Done()
	mr := &mirrorRun{n: n, live: map[string]*spaceMirror{}, idle: newBackoff(mirrorPullMin, mirrorPullMax)}
	defer mr.closeRoot()
	wt := &waiter{name: "mirror", w: n.wake, notice: n.wake.mirror, pace: mirrorPace}
	for next := time.Duration(0); wt.wait(stop, next); {
		next = mr.once(context.Background())
	}
}

// mirrorRun is mirrorLoop's own state.
type mirrorRun struct {
	n    *Node
	live map[string]*spaceMirror
	dir  string
	root *sharedRoot // the loop's own reference
	acct string
	idle backoff // the wait while nothing is mirrored
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

// once looks at every space to mirror and returns how long until the
// next push or pull is due.
func (mr *mirrorRun) once(ctx context.Context) time.Duration {
	mr.n.mirrorPass.Lock() // SetFolder waits for the pass (node.go)
	defer mr.n.mirrorPass.Unlock()
	dir, acct, hs := mr.n.mirrorTargets()
	if err := mr.openRoot(dir, acct); err != nil {
		hs = nil
	} else {
		mr.n.lookJoins(mr.root.root) // another device's kept joins (join_registry.go)
	}
	for id, sm := range mr.live {
		if hs[id] != sm.h || sm.folder != mr.dir {
			if sm.h.mirror.CompareAndSwap(sm, nil) {
				sm.root.release()
			}
			delete(mr.live, id)
		}
	}
	now := mr.n.wake.now()
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
	return mr.next(mr.n.wake.now())
}

// next is how long until a live space's push or pull is due, at least
// mirrorPace; with none live, the idle backoff's wait.
func (mr *mirrorRun) next(now time.Time) time.Duration {
	if len(mr.live) == 0 {
		d := mr.idle.cur
		mr.idle.looked(false)
		return d
	}
	mr.idle.looked(true)
	var next time.Duration
	first := true
	for _, sm := range mr.live {
		if d := sm.due(now); first || d < next {
			next, first = d, false
		}
	}
	return max(next, mirrorPace)
}

// step pushes after a quiet local change and pulls when due, or due soon
// (within half its wait: see the package's choices).
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
	if !now.Before(sm.nextPull.Add(-sm.pullEvery / 2)) {
		sm.pullDue(ctx, now, g)
	}
}

// due is how long from now until sm's next pull, or its push when a local
// change waits for one.
func (sm *spaceMirror) due(now time.Time) time.Duration {
	d := sm.nextPull.Sub(now)
	if sm.seenGen != sm.pushedGen && !sm.pushFailed {
		d = min(d, sm.changed.Add(mirrorDebounce).Sub(now))
	}
	return d
}
