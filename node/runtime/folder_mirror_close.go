package runtime

import (
	"context"
)

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
// its first look: a one-shot command may close sooner) gets one here, so
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
