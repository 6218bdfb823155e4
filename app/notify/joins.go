package notify

import (
	"context"
	"encoding/json"
	"fmt"

	"minca.dev/desktop/node/api"
)

// EventJoined is the Watch event kind for a member joining a space.
const EventJoined = "joined"

// Join is someone joining one of your spaces.
type Join struct {
	SpaceID    string
	SpaceName  string // "" when the event did not name it
	Member     string // did:key
	MemberName string // their profile name (03 §11), "" when unknown
}

// joinedData is what a "joined" event's Data carries: an api.Member (over
// the local socket, its JSON object), perhaps with the space's name.
type joinedData struct {
	DID         string `json:"did"`
	ProfileName string `json:"profileName"`
	Self        bool   `json:"self"`
	SpaceName   string `json:"spaceName"`
}

// JoinOf reads a "joined" event. It reports false for other events, for
// your own joining (Self), and for an event without a space or a member.
func JoinOf(ev api.Event) (Join, bool) {
	if ev.Kind != EventJoined || ev.SpaceID == "" || ev.Data == nil {
		return Join{}, false
	}
	raw, err := json.Marshal(ev.Data)
	if err != nil {
		return Join{}, false
	}
	var d joinedData
	if json.Unmarshal(raw, &d) != nil || d.DID == "" || d.Self {
		return Join{}, false
	}
	return Join{SpaceID: ev.SpaceID, SpaceName: d.SpaceName, Member: d.DID, MemberName: d.ProfileName}, true
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

// SpaceName looks a space's name up (api.Node.Space(...).Name).
type SpaceName func(ctx context.Context, spaceID string) (string, error)

// Joins notifies each join read from events until ctx ends or events
// closes. The first "joined" event is Watch's snapshot (api.Node.Watch:
// a snapshot of every kind, then deltas) and is not news, so it is
// skipped; each member's joining a space is shown once. name, if not nil,
// fills in a space name the event lacks.
func Joins(ctx context.Context, events <-chan api.Event, n *Notifier, name SpaceName) {
	snapshot := true
	shown := map[[2]string]bool{}
	for {
		var ev api.Event
		var ok bool
		select {
		case <-ctx.Done():
			return
		case ev, ok = <-events:
			if !ok {
				return
			}
		}
		if ev.Kind != EventJoined {
			continue
		}
		if snapshot {
			snapshot = false
			continue
		}
		j, ok := JoinOf(ev)
		if !ok || shown[[2]string{j.SpaceID, j.Member}] {
			continue
		}
		shown[[2]string{j.SpaceID, j.Member}] = true
		if j.SpaceName == "" && name != nil {
			j.SpaceName, _ = name(ctx, j.SpaceID)
		}
		summary, body := j.Message()
		if err := n.Notify(ctx, summary, body); err != nil {
			n.cfg.Log.Warn("notify: join not shown", "space", j.SpaceID, "err", err)
		}
	}
}

// WatchJoins watches node and notifies joins until ctx ends: Joins over
// node.Watch, with space names from node.Space.
func WatchJoins(ctx context.Context, node api.Node, n *Notifier) error {
	events, err := node.Watch(ctx)
	if err != nil {
		return fmt.Errorf("notify: watch: %w", err)
	}
	Joins(ctx, events, n, func(ctx context.Context, id string) (string, error) {
		d, err := node.Space(ctx, id)
		return d.Name, err
	})
	return nil
}
