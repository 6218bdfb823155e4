package runtime

import (
	"bytes"
	"context"
	"fmt"
	"sort"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// cutoffOf is the cutoff a change that takes power from account carries
// (03 §6.3): for each key that signed for the account and each collection,
// the end of the unbroken line this node holds of that key's versions in
// that collection (02 §4.10) — from place 0, each place held and naming the
// one before it as log.prev. Past judge.MaxCutoffPlaces places, the lines of defined
// collections come first, then the rest, each in name order (then key
// order, a choice of ours where §6.3 names none). nil when the node holds
// nothing of the account. Everything a covered key signed at or below its
// place then stands as far as this change goes (03 §5.1 step 4); without a
// cutoff every earlier record of the account would be withdrawn. Only the
// versions that name the account are parsed (accountVersions).
func cutoffOf(ctx context.Context, h *held, cur *access.State, account string) (map[string]any, error) {
	sums, err := h.store.Sums(ctx)
	if err != nil {
		return nil, err
	}
	type line struct{ key, coll string }
	places := map[line]map[int64][]*record.Version{}
	notes := noteMemo{}
	for c := range sums {
		vs, err := accountVersions(ctx, h.store, c, account)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if v.Log == nil || notes.root(v) != account {
				continue
			}
			l := line{v.Author, c}
			if places[l] == nil {
				places[l] = map[int64][]*record.Version{}
			}
			places[l][v.Log.N] = append(places[l][v.Log.N], v)
		}
	}
	lines := make([]line, 0, len(places))
	for l := range places {
		lines = append(lines, l)
	}
	defined := cur.Snapshot().Definitions
	sort.Slice(lines, func(i, j int) bool {
		_, di := defined[lines[i].coll]
		_, dj := defined[lines[j].coll]
		if di != dj {
			return di
		}
		if lines[i].coll != lines[j].coll {
			return lines[i].coll < lines[j].coll
		}
		return lines[i].key < lines[j].key
	})
	out, n := map[string]any{}, 0
	for _, l := range lines {
		end, ok := unbrokenEnd(places[l])
		if !ok {
			continue
		}
		if n == judge.MaxCutoffPlaces {
			break
		}
		byColl, _ := out[l.key].(map[string]any)
		if byColl == nil {
			byColl = map[string]any{}
			out[l.key] = byColl
		}
		byColl[l.coll] = float64(end) // a JSON number, as a parsed body has it (judge.readCutoff)
		n++
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// accountVersions is what st holds of collection c that may be account's:
// the versions whose canonical JSON names it, read as kept without parsing
// the others (versions.SQLite.Wires). A version's account is its author
// or its note's issuer (rootOf), a DID written out, quoted, in its JSON,
// so no version of the account is passed over; the caller still finds
// each one's account.
func accountVersions(ctx context.Context, st *versions.SQLite, c, account string) ([]*record.Version, error) {
	items, err := st.Items(ctx, c)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, items.Len())
	for i := range items.Len() {
		ids = append(ids, enc.CIDOfDigest(items.Item(i).ID))
	}
	ws, err := st.Wires(ctx, ids)
	if err != nil {
		return nil, err
	}
	named := []byte(`"` + account + `"`)
	var out []*record.Version
	for _, w := range ws {
		if !bytes.Contains(w.JSON, named) {
			continue
		}
		v, err := record.ParseBytes(w.JSON)
		if err != nil {
			return nil, fmt.Errorf("version %s of %s: %w", w.ID, c, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// unbrokenEnd follows a line from place 0 while the next place holds a
// version naming one at the place before as log.prev (02 §4.10); false
// when place 0 is not held.
func unbrokenEnd(at map[int64][]*record.Version) (int64, bool) {
	ids := map[string]bool{}
	for _, v := range at[0] {
		ids[v.ID] = true
	}
	if len(ids) == 0 {
		return 0, false
	}
	end := int64(0)
	for {
		next := map[string]bool{}
		for _, v := range at[end+1] {
			if ids[v.Log.Prev] {
				next[v.ID] = true
			}
		}
		if len(next) == 0 {
			return end, true
		}
		ids, end = next, end+1
	}
}

// withCutoff adds account's cutoff to the body of a change that takes power
// from it (03 §6.3).
func withCutoff(ctx context.Context, h *held, cur *access.State, account string, body map[string]any) (map[string]any, error) {
	c, err := cutoffOf(ctx, h, cur, account)
	if err != nil {
		return nil, internal(err)
	}
	if c != nil {
		body["cutoff"] = c
	}
	return body, nil
}
