package access

import (
	"sort"
)

// A literal reference replay of 03 §4, written from the text and the
// readings with no care for cost: every state is materialized by merging
// its whole set of events, every view is a state of its own, the strike
// graph is recomputed for every set, and components come from a full
// reachability matrix. The History's views, caches, overlays and
// incremental updates are checked against it (TestAgainstReference). It
// shares only refusal (§4.5, through stateView) and grant fitting.

type refReplay struct {
	g      Genesis
	evs    map[string]*Event
	order  []string // placeable events, ancestors first
	anc    map[string]map[string]bool
	waits  map[string]bool
	allow  map[string]bool
	vCache map[string]*refState
}

type refDef struct {
	event, by string
	grants    []grantRule
	nests     []string
	view      *refState
}

type refState struct {
	r           *refReplay
	founders    map[string]bool
	roles       map[string][]refDef
	assigned    map[string]map[string]string
	invites     map[string]Invite
	definitions map[string]Definition
	contested   map[string][]string
	keys        []KeyEntry
	relays      []string
	keepers     []Keeper
	copies      *int64
	successors  map[string][]string
}

func newRefReplay(g Genesis, events []Event) *refReplay {
	r := &refReplay{g: g, evs: map[string]*Event{}, anc: map[string]map[string]bool{},
		waits: map[string]bool{}, allow: map[string]bool{}, vCache: map[string]*refState{}}
	for i := range events {
		if _, dup := r.evs[events[i].ID]; !dup {
			r.evs[events[i].ID] = &events[i]
		}
	}
	r.findWaiting()
	for id := range r.evs {
		if !r.waits[id] {
			r.order = append(r.order, id)
		}
	}
	for _, id := range r.order {
		r.ancestors(id)
	}
	sort.Slice(r.order, func(a, b int) bool {
		x, y := r.order[a], r.order[b]
		if len(r.anc[x]) != len(r.anc[y]) {
			return len(r.anc[x]) < len(r.anc[y])
		}
		return x < y
	})
	for _, id := range r.order { // allowed, ancestors first (§4.3 step 1)
		r.allow[id] = refusal(r.viewV(id), r.evs[id]) == nil
	}
	return r
}

// findWaiting is §4.2 to a fixed point, starting from "everything waits".
func (r *refReplay) findWaiting() {
	for id := range r.evs {
		r.waits[id] = true
	}
	for changed := true; changed; {
		changed = false
		for id, e := range r.evs {
			if !r.waits[id] {
				continue
			}
			ok := true
			for _, s := range e.Seen {
				if s == id || (s != r.g.SpaceID && (r.evs[s] == nil || r.waits[s])) {
					ok = false
				}
			}
			if ok {
				r.waits[id], changed = false, true
			}
		}
	}
}

func (r *refReplay) ancestors(id string) map[string]bool {
	if a, ok := r.anc[id]; ok {
		return a
	}
	a := map[string]bool{}
	for _, s := range r.evs[id].Seen {
		if s == r.g.SpaceID {
			continue
		}
		a[s] = true
		for x := range r.ancestors(s) {
			a[x] = true
		}
	}
	r.anc[id] = a
	return a
}

func (r *refReplay) saw(a, b string) bool { return r.anc[a][b] }

// viewV is V(e): the merge of the allowed events e saw, definitions in it
// with their own V.
func (r *refReplay) viewV(id string) *refState {
	if s, ok := r.vCache[id]; ok {
		return s
	}
	var set []string
	for a := range r.anc[id] {
		if r.allow[a] {
			set = append(set, a)
		}
	}
	s := r.merge(set, r.viewV)
	r.vCache[id] = s
	return s
}

// judgement is valid-among-S: pass 1 and pass 2 over the set S.
type judgement struct {
	r        *refReplay
	inS      map[string]bool
	unstruck map[string]bool
	valid    map[string]bool
	wCache   map[string]*refState
}

func (r *refReplay) judge(S map[string]bool) *judgement {
	j := &judgement{r: r, inS: S, unstruck: map[string]bool{}, valid: map[string]bool{}, wCache: map[string]*refState{}}
	j.pass1()
	for _, id := range r.order { // ancestors first
		if S[id] && j.unstruck[id] {
			j.valid[id] = refusal(j.viewW(id), r.evs[id]) == nil
		}
	}
	return j
}

func (j *judgement) viewW(id string) *refState {
	if s, ok := j.wCache[id]; ok {
		return s
	}
	var set []string
	for a := range j.r.anc[id] {
		if j.valid[a] {
			set = append(set, a)
		}
	}
	s := j.r.merge(set, j.viewW)
	j.wCache[id] = s
	return s
}

// reduces: an allowed event of S that takes something (§4.3 step 2), but
// a stepdown an allowed revoke or fork of S reaches uncovered (A13).
func (j *judgement) reduces(id string) bool {
	e := j.r.evs[id]
	switch {
	case !j.r.allow[id]:
		return false
	case e.Kind == KindStepdown:
		for x := range j.inS {
			if k := j.r.evs[x].Kind; (k == KindRevoke || k == KindFork) && j.r.allow[x] && refReaches(j.r.evs[x], e) && !refCovers(j.r.evs[x], e) {
				return false
			}
		}
		return true
	case e.Kind == KindRemove, e.Kind == KindRevoke, e.Kind == KindFork:
		return true
	case e.Kind == KindAssign:
		return !e.Assigned
	case e.Kind == KindInvite:
		return !e.Open
	}
	return false
}

func refReaches(r, e *Event) bool {
	switch {
	case r.Kind == KindRemove || r.Kind == KindStepdown || (r.Kind == KindAssign && !r.Assigned):
		return e.Root == r.DID
	case r.Kind == KindRevoke:
		return e.Author == r.Key && e.Root == r.Root
	case r.Kind == KindFork:
		return e.Author == r.Writer && e.OwnCollection() == r.Collection && e.N >= 0 && e.N >= r.From
	case r.Kind == KindInvite:
		return e.Kind == KindAssign && e.ViaInvite == r.InviteKey
	}
	return false
}

func refCovers(r, e *Event) bool {
	switch r.Kind {
	case KindRemove, KindAssign, KindStepdown, KindRevoke:
	default:
		return false
	}
	p, ok := r.Cutoff[e.Author][e.OwnCollection()]
	return ok && e.N >= 0 && p >= e.N
}

func (j *judgement) strikes(rid, eid string) bool {
	r, e := j.r.evs[rid], j.r.evs[eid]
	if rid == eid || !j.reduces(rid) || !j.r.allow[eid] || !refReaches(r, e) || refCovers(r, e) {
		return false
	}
	if e.Kind == KindRevoke || e.Kind == KindFork || e.Kind == KindStepdown {
		return false
	}
	return r.Kind == KindRevoke || r.Kind == KindFork || (!j.r.saw(rid, eid) && !j.r.saw(eid, rid))
}

// pass1 finds components by full reachability and visits them strikers
// first (§4.3 step 4.1).
func (j *judgement) pass1() {
	var ids []string
	for _, id := range j.r.order {
		if j.inS[id] && j.r.allow[id] {
			ids = append(ids, id)
		}
	}
	reach := map[string]map[string]bool{}
	for _, a := range ids {
		reach[a] = map[string]bool{}
		for _, b := range ids {
			if j.strikes(a, b) {
				reach[a][b] = true
			}
		}
	}
	for _, k := range ids {
		for _, a := range ids {
			if reach[a][k] {
				for b := range reach[k] {
					reach[a][b] = true
				}
			}
		}
	}
	same := func(a, b string) bool { return a == b || (reach[a][b] && reach[b][a]) }
	var comps [][]string
	placed := map[string]bool{}
	for _, a := range ids {
		if placed[a] {
			continue
		}
		var c []string
		for _, b := range ids {
			if same(a, b) {
				c, placed[b] = append(c, b), true
			}
		}
		comps = append(comps, c)
	}
	decided := map[string]bool{}
	for left := len(comps); left > 0; {
		for _, c := range comps {
			if decided[c[0]] || !j.ready(c, ids, same, decided) {
				continue
			}
			for _, e := range c {
				un := true
				for _, r := range ids {
					if j.strikes(r, e) && !same(r, e) && j.unstruck[r] {
						un = false
					}
				}
				j.unstruck[e] = un
			}
			for _, e := range c {
				decided[e] = true
			}
			left--
		}
	}
}

func (j *judgement) ready(c, ids []string, same func(a, b string) bool, decided map[string]bool) bool {
	for _, e := range c {
		for _, r := range ids {
			if j.strikes(r, e) && !same(r, e) && !decided[r] {
				return false
			}
		}
	}
	return true
}
