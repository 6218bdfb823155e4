package runtime

import (
	"context"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
)

// History is the space's access history with what became of each change
// (03 §4.6), oldest first as the replay orders it. Each line says why a
// change was dropped by what struck or refused it (history_why.go), and
// gives the profile names of the accounts it mentions, whether or not
// they are members still.
func (n *Node) History(ctx context.Context, id string) ([]api.AccessChange, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, err
	}
	log := hist.Log()
	byID := make(map[string]access.Event, len(log))
	for _, e := range log {
		byID[e.Event.ID] = e.Event
	}
	names := map[string]string{}
	nameOf := func(did string) string {
		if _, ok := names[did]; !ok {
			names[did] = profileName(ctx, h, did)
		}
		return names[did]
	}
	out := []api.AccessChange{}
	for _, e := range log {
		c := change(e, byID)
		if v, err := h.store.Get(ctx, e.Event.ID); err == nil {
			c.CreatedAt, _ = record.ParseTime(v.CreatedAt)
		}
		c.Names = namesOf(c, nameOf)
		out = append(out, c)
	}
	return out, nil
}

// change is one line of the history, without its time and names.
func change(e access.Entry, byID map[string]access.Event) api.AccessChange {
	r := ref(e.Event)
	return api.AccessChange{ID: r.ID, Author: r.Author, Kind: string(e.Event.Kind), Action: r.Action,
		Subject: r.Subject, Role: r.Role, Summary: summary(e.Event), Status: status(e.Status),
		Reason: reason(e.Status, byID), Why: why(e, byID)}
}

// status is the outcome in a word (03 §4.6), a dropped change's by its
// reason: refused, or struck (A23: pass 1 or 2).
func status(s access.Status) string {
	if s.Outcome == access.Dropped && s.Reason != "" {
		return string(s.Reason)
	}
	return string(s.Outcome)
}

// namesOf is the profile names of the accounts a line mentions that have
// one.
func namesOf(c api.AccessChange, nameOf func(string) string) map[string]string {
	dids := []string{c.Author, c.Subject}
	if c.Why != nil {
		dids = append(dids, c.Why.Account)
		for _, b := range c.Why.By {
			dids = append(dids, b.Author, b.Subject)
		}
	}
	out := map[string]string{}
	for _, d := range dids {
		if d == "" {
			continue
		}
		if name := nameOf(d); name != "" {
			out[d] = name
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
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
