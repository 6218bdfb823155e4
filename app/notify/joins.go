package notify

import (
	"context"
	"fmt"
	"time"

	"minca.dev/desktop/node/api"
)

// Join is someone joining one of your spaces.
type Join struct {
	SpaceID    string
	SpaceName  string
	Member     string // did:key
	MemberName string // their profile name (03 §11), "" when unknown
}

// Message is the notification's summary and body for j.
func (j Join) Message() (summary, body string) {
	space := j.SpaceName
	if space == "" {
		space = "one of your spaces"
	}
	who, full := j.MemberName, shortDID(j.Member)
	if who == "" {
		who = full
	} else {
		full = who + " (" + full + ")"
	}
	return fmt.Sprintf("%s joined %s", who, space), fmt.Sprintf("%s is now a member of %s.", full, space)
}

// shortDID keeps the start and end of a did:key, as people compare them.
func shortDID(did string) string {
	const keep = 6
	if len(did) <= len("did:key:")+2*keep+1 {
		return did
	}
	return did[:len("did:key:")+keep] + "…" + did[len(did)-keep:]
}

// Roster is what joins are read from: the spaces and their members, as
// api.Node gives them.
type Roster interface {
	Spaces(ctx context.Context) ([]api.SpaceSummary, error)
	Members(ctx context.Context, spaceID string) ([]api.Member, error)
}

// nameWait is how long a join whose member's profile name (03 §11) has
// not arrived yet waits for it: their profile record often syncs a moment
// after their joining. After it the join is shown by did:key.
var nameWait = 5 * time.Second

// WatchJoins notifies each account that joins one of your spaces, until
// ctx ends: it watches node and, after each burst of events, compares each
// space's members (api.Node.Members) with those it saw before. The node's
// "joined" event is only your own joining, so the members are compared
// instead of trusting an event's data. Members a space has when first seen
// (the first watch of the session, or a space you just joined) are not
// news. A watch starts from what the last one kept (Config.Seen, or this
// Notifier's memory), so a join while the node or the notifications pass
// from one process to another (the window closing, the tray taking over)
// still shows. A new member shows by name once their profile has arrived,
// or after nameWait without it; one still waiting when a watch ends is
// left for the next to show.
func WatchJoins(ctx context.Context, node api.Node, n *Notifier) error {
	events, err := node.Watch(ctx)
	if err != nil {
		return fmt.Errorf("notify: watch: %w", err)
	}
	n.cfg.Log.Debug("notify: watching for joins")
	Joins(ctx, node, events, n)
	return nil
}

// Joins is WatchJoins over an event stream already open.
func Joins(ctx context.Context, r Roster, events <-chan api.Event, n *Notifier) {
	w := &joinWatch{seen: n.loadSeen(), unnamed: map[string]unnamed{}}
	timer := time.NewTimer(0)
	<-timer.C
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case _, ok := <-events:
			if !ok {
				return
			}
			drain(events)
			w.look(ctx, r, n)
		}
		for _, j := range w.due(time.Now()) {
			summary, body := j.Message()
			if err := n.Notify(ctx, summary, body); err != nil {
				n.cfg.Log.Warn("notify: join not shown", "space", j.SpaceID, "err", err)
			}
		}
		if w.changed {
			n.keepSeen(w.kept())
			w.changed = false
		}
		if next, ok := w.next(); ok {
			timer.Reset(time.Until(next))
		}
	}
}

// drain takes the events already waiting, so a burst costs one look.
func drain(events <-chan api.Event) {
	for {
		select {
		case _, ok := <-events:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// joinWatch is what Joins has seen: each space's members, the joins ready
// to show, and those waiting for their member's profile name.
type joinWatch struct {
	seen    members // space id → member DIDs
	ready   []Join
	unnamed map[string]unnamed // space id + " " + DID → the join, waiting
	changed bool               // seen changed since last kept
}

// kept is what the next watch starts from: the members seen, less those
// whose join waits to be shown (the next watch shows them).
func (w *joinWatch) kept() members {
	m := w.seen.clone()
	for _, u := range w.unnamed {
		delete(m[u.join.SpaceID], u.join.Member)
	}
	return m
}

type unnamed struct {
	join  Join
	until time.Time
}

// look lists every space's members: a member not seen before is a join
// (ready, or waiting for a name), a waiting one whose name has come is
// ready; a space not seen before only records its members, and one no
// longer listed (left) is forgotten, so joining it again is not news.
func (w *joinWatch) look(ctx context.Context, r Roster, n *Notifier) {
	spaces, err := r.Spaces(ctx)
	if err != nil {
		n.cfg.Log.Debug("notify: list spaces", "err", err)
		return
	}
	w.forget(spaces)
	for _, sp := range spaces {
		members, err := r.Members(ctx, sp.ID)
		if err != nil {
			n.cfg.Log.Debug("notify: list members", "space", sp.ID, "err", err)
			continue
		}
		known, old := w.seen[sp.ID]
		if !old {
			known = map[string]bool{}
			w.seen[sp.ID] = known
			w.changed = true
		}
		for _, m := range members {
			key := sp.ID + " " + m.DID
			if u, waiting := w.unnamed[key]; waiting && m.ProfileName != "" {
				u.join.MemberName = m.ProfileName
				w.ready = append(w.ready, u.join)
				delete(w.unnamed, key)
				w.changed = true
			}
			if known[m.DID] {
				continue
			}
			known[m.DID] = true
			w.changed = true
			if !old || m.Self {
				continue
			}
			j := Join{SpaceID: sp.ID, SpaceName: sp.Name, Member: m.DID, MemberName: m.ProfileName}
			if j.MemberName != "" {
				w.ready = append(w.ready, j)
			} else {
				w.unnamed[key] = unnamed{join: j, until: time.Now().Add(nameWait)}
			}
		}
	}
}

// forget drops the spaces not in spaces, and joins waiting in them.
func (w *joinWatch) forget(spaces []api.SpaceSummary) {
	listed := make(map[string]bool, len(spaces))
	for _, sp := range spaces {
		listed[sp.ID] = true
	}
	for id := range w.seen {
		if !listed[id] {
			delete(w.seen, id)
			w.changed = true
		}
	}
	for key, u := range w.unnamed {
		if !listed[u.join.SpaceID] {
			delete(w.unnamed, key)
		}
	}
}

// due returns the joins to show now: those ready, and those that waited
// for a name until now.
func (w *joinWatch) due(now time.Time) []Join {
	out := w.ready
	w.ready = nil
	for key, u := range w.unnamed {
		if !now.Before(u.until) {
			out = append(out, u.join)
			delete(w.unnamed, key)
			w.changed = true
		}
	}
	return out
}

// next is when the first waiting join stops waiting.
func (w *joinWatch) next() (time.Time, bool) {
	var first time.Time
	for _, u := range w.unnamed {
		if first.IsZero() || u.until.Before(first) {
			first = u.until
		}
	}
	return first, !first.IsZero()
}
