package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// MayStore says whether an access version from outside (a peer, a folder)
// may be stored (03 §3.4), and gives its event to add to the history when it
// may. Stands: all four conditions hold. Later: its seen names an event not
// held or waiting (condition 3); hold it aside and retry. Refused: it is of
// another space or lacks retain (1), yields no event (2), or its root is not
// named by the history and it is no join by an invite some held invite
// event names (4); the reason wraps the sentinel.
func MayStore(h *access.History, v *record.Version, sp Space) (access.Event, record.Verdict) {
	ev, err := EventFromVersion(v, sp)
	if err != nil {
		return access.Event{}, record.Refuse(fmt.Errorf("03 §3.4: %w", err))
	}
	if missing := notPlaced(h, ev.Seen); len(missing) > 0 {
		return access.Event{}, record.Wait(missing...)
	}
	if !h.Named(ev.Root) && !joinsKnownInvite(h, &ev) {
		return access.Event{}, record.Refuse(fmt.Errorf("03 §3.4 condition 4: %s by %s: %w", ev.ID, ev.Root, ErrStranger))
	}
	return ev, record.Verdict{Answer: record.Stands}
}

// joinsKnownInvite says whether ev is an assign event joining by an invite
// key that some held invite event names (03 §3.4 condition 4).
func joinsKnownInvite(h *access.History, ev *access.Event) bool {
	return ev.Kind == access.KindAssign && ev.ViaInvite != "" && h.KnownInvite(ev.ViaInvite)
}
