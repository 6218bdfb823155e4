package runtime

import (
	"context"
	"errors"
	"sort"

	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/versions"
)

// Write writes a version of an ordinary record (02 §3): a new record when
// req.Key is "", else the version after the one held.
func (n *Node) Write(ctx context.Context, req api.Write) (string, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, err := n.spaceLocked(req.SpaceID)
	if err != nil {
		return "", err
	}
	if err := checkCollection(req.Collection); err != nil {
		return "", err
	}
	d, err := n.recordDraftLocked(ctx, h, req)
	if err != nil {
		return "", err
	}
	v, err := n.writeLocked(ctx, h, d)
	if err != nil {
		return "", err
	}
	return v.ID, nil
}

func checkCollection(c string) error {
	if err := record.ValidCollectionName(c); err != nil {
		return api.Errorf(api.CodeInvalid, "collection %q: %w", c, err)
	}
	if record.IsSys(c) {
		return api.Errorf(api.CodeInvalid, "collection %q is the protocol's, not an ordinary one", c)
	}
	return nil
}

func (n *Node) recordDraftLocked(ctx context.Context, h *held, req api.Write) (*record.Version, error) {
	if req.Key == "" {
		if req.Delete {
			return nil, api.Errorf(api.CodeInvalid, "a delete needs the record's key")
		}
		key, err := record.NewKey(n.cfg.Rand)
		if err != nil {
			return nil, internal(err)
		}
		return &record.Version{Collection: req.Collection, Key: key, Body: req.Body, HasBody: true}, nil
	}
	if err := record.ValidKey(req.Key); err != nil {
		return nil, api.Errorf(api.CodeInvalid, "record key %q: %w", req.Key, err)
	}
	cur, err := h.store.Current(ctx, req.Key)
	if errors.Is(err, versions.ErrNotFound) {
		if req.Delete {
			return nil, api.Errorf(api.CodeNotFound, "no record %s", req.Key)
		}
		return &record.Version{Collection: req.Collection, Key: req.Key, Body: req.Body, HasBody: true}, nil
	}
	if err != nil {
		return nil, internal(err)
	}
	if cur.Collection != req.Collection {
		return nil, api.Errorf(api.CodeInvalid, "record %s is in %s, not %s", req.Key, cur.Collection, req.Collection)
	}
	d := record.Next(cur)
	if req.Delete {
		d.Deleted = true
	} else {
		d.Body, d.HasBody = req.Body, true
	}
	return d, nil
}

// Records lists the current version of every record of a collection.
func (n *Node) Records(ctx context.Context, id, collection string) ([]api.Record, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, err := n.spaceLocked(id)
	if err != nil {
		return nil, err
	}
	if err := checkCollection(collection); err != nil {
		return nil, err
	}
	vs, err := h.store.Collection(ctx, collection)
	if err != nil {
		return nil, internal(err)
	}
	st, err := h.standing(ctx)
	if err != nil {
		return nil, internal(err)
	}
	byKey := map[string][]*record.Version{}
	for _, v := range vs {
		byKey[v.Key] = append(byKey[v.Key], v)
	}
	out := []api.Record{}
	for key, kvs := range byKey {
		cur := record.Current(kvs)
		r := api.Record{Key: key, VersionID: cur.ID, Author: rootOf(cur), Seq: int(cur.Seq),
			Deleted: cur.Deleted, Standing: standingOf(st.Judge(cur))}
		r.CreatedAt, _ = record.ParseTime(cur.CreatedAt)
		if b, ok := h.body(ctx, cur); ok {
			r.Body = b
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].Key < out[j].Key
	})
	return out, nil
}

// standing judges versions of h as this node holds it now (03 §5.2).
func (h *held) standing(ctx context.Context) (*judge.Standing, error) {
	hist, err := h.replay(ctx)
	if err != nil {
		return nil, err
	}
	st := &judge.Standing{Space: judge.Space{ID: h.sp.ID}, History: hist,
		Lookup: func(id string) (*record.Version, bool) {
			v, err := h.store.Get(ctx, id)
			return v, err == nil
		}}
	if h.private() {
		st.Opener = h.keys
	}
	return st, nil
}

// standingOf spells a verdict as api.Record.Standing does.
func standingOf(v record.Verdict) string {
	switch v.Answer {
	case record.Stands:
		return "stands"
	case record.Later:
		return "later"
	}
	return "withdrawn"
}

// rootOf is the account a version's author acts for (02 §3.4), "" when its
// note does not say.
func rootOf(v *record.Version) string {
	at, err := record.ParseTime(v.CreatedAt)
	if err != nil {
		return ""
	}
	root, err := record.Root(v, at, note.Checker{})
	if err != nil {
		return ""
	}
	return root
}
