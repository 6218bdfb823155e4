package syncer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/versions"
)

// sendHaveLocked sends p the versions ids names, in versions messages
// without id of at most 200 (05 §6.3): in the order given (newest first),
// a record's versions together in the place of its newest, a record with
// more than 200 over several messages.
func (e *Engine) sendHaveLocked(ctx context.Context, p *peer, ids []string) error {
	order, groups, err := e.haveGroupsLocked(ctx, ids)
	if err != nil {
		return fmt.Errorf("send to %s: %w", p.did, err)
	}
	var batch []any
	flush := func() {
		if len(batch) > 0 {
			e.sendLocked(p, &syncmsg.Versions{Versions: batch})
			batch = nil
		}
	}
	for _, k := range order {
		g := groups[k]
		if len(batch)+len(g) > syncmsg.MaxVersions {
			flush()
		}
		for len(g) > syncmsg.MaxVersions {
			e.sendLocked(p, &syncmsg.Versions{Versions: g[:syncmsg.MaxVersions]})
			g = g[syncmsg.MaxVersions:]
		}
		batch = append(batch, g...)
	}
	flush()
	return nil
}

// heldLocked says whether a version with id is kept, in any form.
func (e *Engine) heldLocked(ctx context.Context, id string) bool {
	return e.space.Has(ctx, id)
}

// heldManyLocked is heldLocked for ids, asked of a store that says many
// versions' forms at once (versions.FormsReader) in one go; any other
// store, or one that fails to, is asked id by id.
func (e *Engine) heldManyLocked(ctx context.Context, ids []string) func(id string) bool {
	byOne := func(id string) bool { return e.heldLocked(ctx, id) }
	fr, ok := e.space.store.(versions.FormsReader)
	if !ok || len(ids) < 2 {
		return byOne
	}
	forms, err := fr.Forms(ctx, ids)
	if err != nil {
		return byOne
	}
	return func(id string) bool {
		f, ok := forms[id]
		return e.space.unlanded(id) != nil || (ok && f != versions.Absent)
	}
}

// onWantLocked always answers, with every asked version held (05 §4, §6.4),
// read at once from a store that reads wire forms so (versions.WireReader).
func (e *Engine) onWantLocked(ctx context.Context, p *peer, m *syncmsg.Want) error {
	out := []any{}
	if wr, ok := e.space.store.(versions.WireReader); ok {
		wires, err := wr.Wires(ctx, m.IDs)
		if err != nil {
			return fmt.Errorf("answer want %d: %w", m.ID, err)
		}
		for _, w := range wires {
			out = append(out, syncmsg.RawJSON(w.JSON))
		}
		e.sendLocked(p, &syncmsg.Versions{ID: m.ID, HasID: true, Versions: out})
		return nil
	}
	for _, id := range m.IDs {
		v, err := e.space.store.Get(ctx, id)
		if errors.Is(err, versions.ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("answer want %d: %w", m.ID, err)
		}
		raw, err := record.Marshal(v)
		if err != nil {
			return fmt.Errorf("answer want %d: %w", m.ID, err)
		}
		out = append(out, syncmsg.RawJSON(raw))
	}
	e.sendLocked(p, &syncmsg.Versions{ID: m.ID, HasID: true, Versions: out})
	return nil
}

// onVersionsLocked takes in a versions message (05 §8): one with an id only
// if it answers a want in flight with p, and then only the ids asked for.
func (e *Engine) onVersionsLocked(ctx context.Context, p *peer, m *syncmsg.Versions) error {
	if !m.HasID {
		return e.intakeLocked(ctx, p, m.Versions)
	}
	w := p.wants[m.ID]
	if w == nil {
		e.stats.Ignored++
		return nil
	}
	e.dropWantLocked(p, w)
	var asked []any
	for _, x := range m.Versions {
		if en, ok := entryOf(x); ok && en.head.HasID && w.ids[en.head.ID] {
			asked = append(asked, en)
			delete(w.ids, en.head.ID) // each asked id is taken once
		}
	}
	if err := e.intakeLocked(ctx, p, asked); err != nil {
		return err
	}
	e.fillWantsLocked(ctx, p)
	return e.checkLevelLocked(ctx, p, w.collection)
}

func (e *Engine) dropWantLocked(p *peer, w *want) {
	delete(p.wants, w.id)
	e.wantOut(w.id, false)
	for id := range w.ids {
		if p.asked[id] == w.id {
			delete(p.asked, id)
		}
	}
}

// expireLocked gives up on sessions and wants that heard nothing for a
// while (05 §6.3). A session given up ends as any other; a want given up is
// forgotten, and what it asked for is found again on the next round.
func (e *Engine) expireLocked(ctx context.Context, p *peer, now time.Time) error {
	for _, s := range p.sortedSessions() {
		if now.Sub(s.heard) >= SessionTimeout {
			e.stats.GaveUp++
			if err := e.endSessionLocked(ctx, p, s); err != nil {
				return err
			}
		}
	}
	for _, w := range p.sortedWants() {
		if now.Sub(w.sent) >= WantTimeout {
			e.stats.GaveUp++
			e.dropWantLocked(p, w)
		}
	}
	e.fillWantsLocked(ctx, p)
	return nil
}

// haveGroupsLocked reads the versions ids names, as sent (05 §4 versions),
// grouped by record in the order of each record's first id. A store that
// reads wire forms at once (versions.WireReader) is asked for all of them
// in one go; any other store, version by version. Ids no longer held are
// left out (removed since the session found them).
func (e *Engine) haveGroupsLocked(ctx context.Context, ids []string) (order []string, groups map[string][]any, err error) {
	groups = map[string][]any{}
	add := func(collection, key string, raw []byte) {
		k := collection + "\x00" + key
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], syncmsg.RawJSON(raw))
	}
	if wr, ok := e.space.store.(versions.WireReader); ok {
		wires, err := wr.Wires(ctx, ids)
		if err != nil {
			return nil, nil, err
		}
		for _, w := range wires {
			add(w.Collection, w.Key, w.JSON)
		}
		return order, groups, nil
	}
	for _, id := range ids {
		v, err := e.space.store.Get(ctx, id)
		if errors.Is(err, versions.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("read %s: %w", id, err)
		}
		raw, err := record.Marshal(v)
		if err != nil {
			return nil, nil, fmt.Errorf("encode %s: %w", id, err)
		}
		add(v.Collection, v.Key, raw)
	}
	return order, groups, nil
}
