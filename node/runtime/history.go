package runtime

import (
	"context"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
)

// History is the space's access history with what became of each change
// (03 §4.6), oldest first as the replay orders it.
func (n *Node) History(ctx context.Context, id string) ([]api.AccessChange, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, err
	}
	out := []api.AccessChange{}
	for _, e := range hist.Log() {
		c := api.AccessChange{ID: e.Event.ID, Author: e.Event.Root, Kind: string(e.Event.Kind),
			Summary: summary(e.Event), Status: string(e.Status.Outcome), Reason: reason(e.Status)}
		if v, err := h.store.Get(ctx, e.Event.ID); err == nil {
			c.CreatedAt, _ = record.ParseTime(v.CreatedAt)
		}
		out = append(out, c)
	}
	return out, nil
}

// summary says an access change in a sentence.
func summary(e access.Event) string {
	switch e.Kind {
	case access.KindAssign:
		switch {
		case e.ViaInvite != "":
			return fmt.Sprintf("%s joined as %s through an invite", e.DID, e.Role)
		case e.Assigned:
			return fmt.Sprintf("%s was given the role %s", e.DID, e.Role)
		}
		return fmt.Sprintf("%s no longer has the role %s", e.DID, e.Role)
	case access.KindRemove:
		if e.DID == e.Root {
			return fmt.Sprintf("%s left the space", e.DID)
		}
		return fmt.Sprintf("%s was removed", e.DID)
	case access.KindRole:
		return fmt.Sprintf("the role %s was defined", e.Name)
	case access.KindInvite:
		if e.Open {
			return fmt.Sprintf("an invite to the role %s was opened", e.Role)
		}
		return "an invite was closed"
	case access.KindStepdown:
		return fmt.Sprintf("%s stepped down as founder", e.DID)
	case access.KindKey:
		return "the space key was changed"
	}
	return fmt.Sprintf("a %s change", e.Kind)
}

// reason says why a change did not apply, or what it waits for.
func reason(s access.Status) string {
	switch {
	case s.Refusal != nil:
		return s.Refusal.Text
	case len(s.StruckBy) > 0:
		return fmt.Sprintf("struck by %v", s.StruckBy)
	case len(s.WaitingFor) > 0:
		return fmt.Sprintf("waiting for %v", s.WaitingFor)
	case s.Reason != "":
		return string(s.Reason)
	}
	return ""
}
