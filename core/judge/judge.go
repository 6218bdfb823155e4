package judge

import (
	"fmt"
	"slices"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// Query is a record as judge reads it (03 §5.1): its id, root, seen,
// author, collection and place, the predicate needs, and optionally within.
type Query struct {
	ID         string
	Root       string // the account its author acts for
	Author     string // the key that signed it
	Collection string
	// N is the version's place in its author's line for Collection (log.n),
	// or access.NoPlace: such a version is never covered by a cutoff nor
	// reached by a fork (replay-readings A24).
	N    int64
	Seen []string
	// Within is the seen of a version that cites this one (09 §6.2); nil
	// when judging a version's own standing, as peers always do.
	Within []string
	// Needs says whether Root may do what the record does in a state; nil
	// reads as isMember(S, Root), the needs of a sys.* collection (§5.2 step 6).
	Needs func(*access.State) bool
}

// Judge is judge (03 §5.1): whether a record stands against the access
// history, in six steps. It answers Later when something in seen or within
// is missing or waiting (step 1), Withdrawn when a revoke or fork proof
// reaches it (step 2), a reduction of its root it had not seen does not
// cover it (step 4) or it rests on a struck change (step 5), Refused when
// its root could not do it as of what it saw (step 3), else Stands.
func Judge(h *access.History, q Query) record.Verdict {
	needs := q.Needs
	if needs == nil {
		root := q.Root
		needs = func(s *access.State) bool { return s.IsMember(root) }
	}
	return judgeWith(h, q, func(s *access.State, _ []string) bool { return needs(s) })
}

// judgeWith is Judge with needs told how each state was judged: among is
// the ids whose closure the state's events were judged among (seen for
// seenAs; seen and within for at with within), nil for the whole history.
func judgeWith(h *access.History, q Query, needs func(s *access.State, among []string) bool) record.Verdict {
	if q.Seen == nil {
		q.Seen = []string{}
	}
	if missing := notPlaced(h, q.Seen, q.Within); len(missing) > 0 {
		return record.Wait(missing...)
	}
	if err := keyWithdrawn(h, q); err != nil {
		return record.Verdict{Answer: record.Withdrawn, Reason: err}
	}
	seenAs, ok := h.SeenAs(q.Seen)
	if !ok || !needs(seenAs, q.Seen) {
		return record.Refuse(fmt.Errorf("03 §5.1 step 3: %s by %s: %w", q.ID, q.Root, ErrNotAllowed))
	}
	if err := accessTaken(h, q); err != nil {
		return record.Verdict{Answer: record.Withdrawn, Reason: err}
	}
	at, ok := h.At(q.Seen, q.Within)
	var among []string
	if q.Within != nil {
		among = append(append([]string{}, q.Seen...), q.Within...)
	}
	if !ok || !needs(at, among) {
		return record.Verdict{Answer: record.Withdrawn, Reason: fmt.Errorf("03 §5.1 step 5: %s: %w", q.ID, ErrStruck)}
	}
	return record.Verdict{Answer: record.Stands}
}

// notPlaced is step 1: the ids seen and within name (other than the space
// id) that the history does not hold or that are waiting, sorted.
func notPlaced(h *access.History, lists ...[]string) []string {
	g := h.SpaceID()
	var out []string
	for _, l := range lists {
		for _, id := range l {
			if id == g {
				continue
			}
			switch h.Status(id).Outcome {
			case access.Unknown, access.Waiting:
				out = append(out, id)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// keyWithdrawn is step 2: an applied revoke of the record's author by its
// own root that does not cover it, or an applied fork proof of the author's
// line in its collection from at most its place; with within, only one in
// within ∪ ancestors(within) counts.
func keyWithdrawn(h *access.History, q Query) error {
	for _, r := range h.Revoked(q.Author, q.Root) {
		if !r.Cutoff.Covers(q.Author, q.Collection, q.N) && inWithin(h, q.Within, r.ID) {
			return fmt.Errorf("03 §5.1 step 2: %s: revoke %s: %w", q.ID, r.ID, ErrRevoked)
		}
	}
	if q.N == access.NoPlace {
		return nil
	}
	for _, f := range h.Forks(q.Author) {
		if f.Collection == q.Collection && f.From <= q.N && inWithin(h, q.Within, f.ID) {
			return fmt.Errorf("03 §5.1 step 2: %s: fork proof %s from place %d: %w", q.ID, f.ID, f.From, ErrForked)
		}
	}
	return nil
}

// accessTaken is step 4: an applied reduction of the root (a removal, an
// unassignment, a stepping down) not in seen ∪ ancestors(seen) that does
// not cover the record; with within, only one in within ∪ ancestors(within).
func accessTaken(h *access.History, q Query) error {
	for _, u := range h.Reductions(q.Root) {
		if h.Saw(q.Seen, u.ID) || u.Cutoff.Covers(q.Author, q.Collection, q.N) {
			continue
		}
		if inWithin(h, q.Within, u.ID) {
			return fmt.Errorf("03 §5.1 step 4: %s: %s %s: %w", q.ID, u.Kind, u.ID, ErrAccessTaken)
		}
	}
	return nil
}

// inWithin says whether an event counts for a judgement with within: always
// without one, else when within or what it saw holds it.
func inWithin(h *access.History, within []string, id string) bool {
	return within == nil || h.Saw(within, id)
}

// QueryOf is the query judge reads for a version (03 §5.1): its id,
// author, collection, place in its author's line and seen (a version
// without seen is judged as having seen only the constitution, §3.2).
func QueryOf(v *record.Version, root string, needs func(*access.State) bool) Query {
	q := Query{
		ID: v.ID, Root: root, Author: v.Author, Collection: v.Collection,
		N: access.NoPlace, Seen: v.Seen, Needs: needs,
	}
	if q.Seen == nil {
		q.Seen = []string{}
	}
	if v.Log != nil {
		q.N = v.Log.N
	}
	return q
}
