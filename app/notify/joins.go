package notify

import (
	"context"
	"fmt"

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

// WatchJoins notifies each account that joins one of your spaces, until
// ctx ends: it watches node and, after each burst of events, compares each
// space's members (api.Node.Members) with those it saw before. The node's
// "joined" event is only your own joining, so the members are compared
// instead of trusting an event's data. Members a space has when first seen
// (at start, or a space you just joined) are not news.
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
	seen := map[string]map[string]bool{} // space id → member DIDs
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-events:
			if !ok {
				return
			}
		}
		drain(events)
		for _, j := range newJoins(ctx, r, seen, n) {
			summary, body := j.Message()
			if err := n.Notify(ctx, summary, body); err != nil {
				n.cfg.Log.Warn("notify: join not shown", "space", j.SpaceID, "err", err)
			}
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

// newJoins lists every space's members and returns those not seen before,
// recording them; a space not seen before only records its members.
func newJoins(ctx context.Context, r Roster, seen map[string]map[string]bool, n *Notifier) []Join {
	spaces, err := r.Spaces(ctx)
	if err != nil {
		n.cfg.Log.Debug("notify: list spaces", "err", err)
		return nil
	}
	var joins []Join
	for _, sp := range spaces {
		members, err := r.Members(ctx, sp.ID)
		if err != nil {
			n.cfg.Log.Debug("notify: list members", "space", sp.ID, "err", err)
			continue
		}
		known, old := seen[sp.ID]
		if !old {
			known = map[string]bool{}
			seen[sp.ID] = known
		}
		for _, m := range members {
			if known[m.DID] {
				continue
			}
			known[m.DID] = true
			if old && !m.Self {
				joins = append(joins, Join{SpaceID: sp.ID, SpaceName: sp.Name, Member: m.DID, MemberName: m.ProfileName})
			}
		}
	}
	return joins
}
