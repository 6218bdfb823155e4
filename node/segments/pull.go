package segments

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/versions"
)

// PullResult counts what a pull met: what went in, and every kind of
// hostile or unfinished content it refused.
type PullResult struct {
	Segments int // segments taken (hash matched)
	Stored   int // versions let in or already held
	Waiting  int // versions still waiting (their segments are read again)
	Refused  int // versions refused: unparseable, another space, or by the gatekeeper
	Skipped  int // entries that were not objects with a string id
	Empty    int // segments that hold nothing: not JSON, v ≠ 8, no versions
	BadHash  int // segments whose bytes do not match their name (read again)
	BadKey   int // keys under the space that are not <writer id>/<segment name>
	Gone     int // segments listed but gone when fetched
}

type pending struct {
	v   *record.Version
	seg int
}

// Pull reads every segment of other store writers not yet read, in name
// order, and runs each version through the gatekeeper, passing over the
// waiting ones again while any go in (05 §16.4).
func (m *Mirror) Pull(ctx context.Context) (PullResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var res PullResult
	forgot := len(m.st.Read)
	segs, err := m.unread(ctx, &res)
	if err != nil {
		return res, err
	}
	if len(segs) == 0 && len(m.st.Read) == forgot {
		return res, nil // nothing read or forgotten: the state stands as saved
	}
	var pool []pending
	waiting := make([]int, len(segs))
	taken := make([]bool, len(segs))
	for i, key := range segs {
		data, err := m.cfg.Blobs.Get(ctx, key)
		if errors.Is(err, blobstore.ErrNotFound) {
			res.Gone++
			continue
		}
		if err != nil {
			return res, fmt.Errorf("pull %s: %w", key, err)
		}
		if !Matches(key[strings.LastIndex(key, "/")+1:], data) {
			res.BadHash++
			continue
		}
		res.Segments++
		taken[i] = true
		entries, skipped, ok := Decode(data)
		res.Skipped += skipped
		if !ok {
			res.Empty++
			continue
		}
		for _, e := range entries {
			v, err := record.Parse(e)
			if err != nil || v.Space != m.cfg.SpaceID {
				res.Refused++
				continue
			}
			pool = append(pool, pending{v, i})
		}
	}
	if err := m.offer(ctx, pool, waiting, &res); err != nil {
		return res, err
	}
	for i, key := range segs {
		if taken[i] && waiting[i] == 0 {
			m.st.Read[key] = true
		}
	}
	if err := m.cfg.State.Save(m.st); err != nil {
		return res, fmt.Errorf("pull: %w", err)
	}
	return res, nil
}

// unread lists the segments of other store writers not yet read, sorted by
// segment name, then writer.
func (m *Mirror) unread(ctx context.Context, res *PullResult) ([]string, error) {
	keys, err := m.cfg.Blobs.List(ctx, m.cfg.SpaceID+"/")
	if err != nil {
		return nil, fmt.Errorf("pull: %w", err)
	}
	type seg struct{ key, writer, name string }
	var out []seg
	listed := make(map[string]bool, len(keys))
	for _, k := range keys {
		listed[k] = true
	}
	for k := range m.st.Read {
		if !listed[k] {
			delete(m.st.Read, k) // compacted or deleted; read again if it comes back
		}
	}
	for _, k := range keys {
		parts := strings.Split(strings.TrimPrefix(k, m.cfg.SpaceID+"/"), "/")
		if len(parts) != 2 || !ValidWriterID(parts[0]) {
			res.BadKey++
			continue
		}
		if _, _, ok := ParseName(parts[1]); !ok {
			res.BadKey++
			continue
		}
		if parts[0] == m.st.WriterID || m.st.Read[k] {
			continue
		}
		out = append(out, seg{k, parts[0], parts[1]})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].name != out[j].name {
			return out[i].name < out[j].name
		}
		return out[i].writer < out[j].writer
	})
	segs := make([]string, len(out))
	for i, s := range out {
		segs[i] = s.key
	}
	return segs, nil
}

// offer runs the pool through the gate while any go in, marking stored
// versions known (not a stub of one the store holds whole).
func (m *Mirror) offer(ctx context.Context, pool []pending, waiting []int, res *PullResult) error {
	for len(pool) > 0 {
		vs := make([]*record.Version, len(pool))
		for i, p := range pool {
			vs[i] = p.v
		}
		outs, err := m.cfg.Gate.Offer(ctx, vs)
		if err != nil {
			return fmt.Errorf("pull: %w", err)
		}
		var rest []pending
		for i, o := range outs {
			switch o {
			case Stored:
				res.Stored++
				if err := m.markKnown(ctx, pool[i].v); err != nil {
					return err
				}
			case Waiting:
				rest = append(rest, pool[i])
			default:
				res.Refused++
			}
		}
		if len(rest) == len(pool) {
			break
		}
		pool = rest
	}
	for _, p := range pool {
		waiting[p.seg]++
		res.Waiting++
	}
	return nil
}

func (m *Mirror) markKnown(ctx context.Context, v *record.Version) error {
	form := versions.MetaOf(v).Form()
	held, err := m.cfg.Store.Form(ctx, v.ID)
	if err != nil {
		return fmt.Errorf("pull: %w", err)
	}
	if held > form {
		return nil // a stub of one held whole: the whole still goes out
	}
	if m.st.Known[v.ID] < form {
		m.st.Known[v.ID] = form
	}
	return nil
}
