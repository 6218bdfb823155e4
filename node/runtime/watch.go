package runtime

import (
	"context"
	"sync"

	"minca.dev/desktop/node/api"
)

// watchers are the Watch streams open now.
type watchers struct {
	list []*watcher
}

// watcher is one stream: events wait in pending, coalesced by kind and
// space, so a slow reader loses nothing but the steps between two states.
type watcher struct {
	mu      sync.Mutex
	pending []api.Event
	wake    chan struct{}
	done    chan struct{}
	once    sync.Once
}

func (w *watcher) push(e api.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, p := range w.pending {
		if p.Kind == e.Kind && p.SpaceID == e.SpaceID && e.Kind != "joined" {
			w.pending = append(w.pending[:i], w.pending[i+1:]...)
			break
		}
	}
	w.pending = append(w.pending, e)
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *watcher) stop() { w.once.Do(func() { close(w.done) }) }

func (ws *watchers) closeAll() {
	for _, w := range ws.list {
		w.stop()
	}
	ws.list = nil
}

// Watch streams a snapshot of every kind (status, account, spaces, sync,
// network),
// then deltas, until ctx ends.
func (n *Node) Watch(ctx context.Context) (<-chan api.Event, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	w := &watcher{wake: make(chan struct{}, 1), done: make(chan struct{})}
	w.pending = n.snapshotLocked(ctx)
	w.wake <- struct{}{}
	n.watch.list = append(n.watch.list, w)
	out := make(chan api.Event)
	go n.pump(ctx, w, out)
	return out, nil
}

func (n *Node) snapshotLocked(ctx context.Context) []api.Event {
	evs := []api.Event{{Kind: "status", Data: n.statusLocked()}}
	if n.st.AccountID != "" {
		evs = append(evs, api.Event{Kind: "account", Data: n.accountLocked()})
	}
	spaces := []api.SpaceSummary{}
	var sync api.SyncStatus
	if n.readyLocked() == nil {
		spaces, _ = n.summariesLocked(ctx)
		sync = n.syncStatusLocked(ctx)
	}
	return append(evs, api.Event{Kind: "spaces", Data: spaces}, api.Event{Kind: kindSync, Data: sync},
		api.Event{Kind: kindNetwork, Data: n.networkLocked()})
}

func (n *Node) pump(ctx context.Context, w *watcher, out chan<- api.Event) {
	defer close(out)
	defer n.dropWatcher(w)
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.done:
			return
		case <-w.wake:
		}
		for {
			w.mu.Lock()
			if len(w.pending) == 0 {
				w.mu.Unlock()
				break
			}
			e := w.pending[0]
			w.pending = w.pending[1:]
			w.mu.Unlock()
			select {
			case out <- e:
			case <-ctx.Done():
				return
			case <-w.done:
				return
			}
		}
	}
}

func (n *Node) dropWatcher(w *watcher) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for i, x := range n.watch.list {
		if x == w {
			n.watch.list = append(n.watch.list[:i], n.watch.list[i+1:]...)
			return
		}
	}
}

func (n *Node) emitLocked(e api.Event) {
	for _, w := range n.watch.list {
		w.push(e)
	}
}

func (n *Node) emitSpacesLocked(ctx context.Context) {
	if len(n.watch.list) == 0 {
		return
	}
	if s, err := n.summariesLocked(ctx); err == nil {
		n.emitLocked(api.Event{Kind: "spaces", Data: s})
	}
}

func (n *Node) emitSpaceLocked(ctx context.Context, h *held) {
	if len(n.watch.list) == 0 {
		return
	}
	if s, err := n.summaryLocked(ctx, h); err == nil {
		n.emitLocked(api.Event{Kind: "space", SpaceID: h.sp.ID, Data: s})
	}
}
