package access

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// TestAgainstReference checks the History, built up one event at a time in
// a shuffled order, against the literal reference replay on random
// histories: every status, the current state, heads, keyDue, and at() and
// seenAs() for every event's seen.
func TestAgainstReference(t *testing.T) {
	histories := 120
	if testing.Short() {
		histories = 20
	}
	for seed := uint64(500); seed < uint64(500+histories); seed++ {
		g, evs := randomHistory(seed, 8+int(seed%17))
		h := oneAtATime(t, g, shuffled(newRand(seed), evs))
		r := newRefReplay(g, evs)
		all := map[string]bool{}
		for _, id := range r.order {
			all[id] = true
		}
		j := r.judge(all)
		fail := func(what string, got, want any) {
			t.Helper()
			t.Fatalf("seed %d: %s differs from the reference:\n got %+v\nwant %+v", seed, what, got, want)
		}
		for _, e := range evs {
			if got, want := statusWord(h.Status(e.ID)), r.status(j, e.ID); got != want {
				fail("status of "+e.ID, got, want)
			}
		}
		cur := r.merge(j.validIn(all), j.viewW)
		if got, want := norm(h.Current().Snapshot()), norm(cur.snapshot()); !reflect.DeepEqual(got, want) {
			fail("current state", got, want)
		}
		if got, want := h.Heads(), r.heads(j); !reflect.DeepEqual(got, want) {
			fail("heads", got, want)
		}
		if got, want := h.KeyDue(), r.keyDue(j, cur); got != want {
			fail("keyDue", got, want)
		}
		for k, e := range evs {
			r.checkViews(t, h, j, e.Seen, fail)
			if k > 0 {
				r.checkWithin(h, e.Seen, []string{evs[k-1].ID}, fail)
			}
		}
	}
}

func statusWord(s Status) string {
	out := string(s.Outcome) + "/" + string(s.Reason)
	if s.Detail != "" {
		out += "/" + string(s.Detail)
	}
	if s.Refusal != nil {
		out += "/" + string(s.Refusal.Code)
	}
	return out
}

func (r *refReplay) status(j *judgement, id string) string {
	switch {
	case r.waits[id]:
		return "waiting/"
	case !r.allow[id]:
		return "dropped/refused/" + string(refusal(r.viewV(id), r.evs[id]).Code)
	case !j.unstruck[id]:
		return "dropped/struck/struck-by"
	case !j.valid[id]:
		return "dropped/struck/rests-on-struck/" + string(refusal(j.viewW(id), r.evs[id]).Code)
	}
	return "applied/"
}

func (j *judgement) validIn(set map[string]bool) []string {
	var out []string
	for id := range set {
		if j.valid[id] {
			out = append(out, id)
		}
	}
	return out
}

func (r *refReplay) heads(j *judgement) []string {
	counts := func(id string) bool {
		k := r.evs[id].Kind
		return j.valid[id] && k != KindRevoke && k != KindFork
	}
	out := []string{}
	for _, x := range r.order {
		head := counts(x)
		for _, y := range r.order {
			head = head && !(counts(y) && r.saw(y, x))
		}
		if head {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// keyDue is A12 as written, comparing whole reader sets.
func (r *refReplay) keyDue(j *judgement, cur *refState) bool {
	if !r.g.Private {
		return false
	}
	k := cur.keys[len(cur.keys)-1].Event
	unseen := func(v string) bool { return k == r.g.SpaceID || !r.saw(k, v) }
	with := func(v string) *refState {
		set := []string{v}
		for a := range r.anc[v] {
			if j.valid[a] {
				set = append(set, a)
			}
		}
		return r.merge(set, j.viewW)
	}
	var holders []string
	if k == r.g.SpaceID {
		holders = r.merge(nil, j.viewW).Readers()
	} else {
		holders = j.viewW(k).Readers()
	}
	for _, v := range r.order {
		if !j.valid[v] || !unseen(v) {
			continue
		}
		before, after := j.viewW(v).Readers(), with(v).Readers()
		for _, m := range before {
			if !slices.Contains(after, m) {
				return true
			}
		}
		if e := r.evs[v]; e.Kind == KindAssign && e.Assigned && !slices.Contains(before, e.DID) && slices.Contains(after, e.DID) {
			holders = append(holders, e.DID)
		}
	}
	now := cur.Readers()
	for _, m := range holders {
		if !slices.Contains(now, m) {
			return true
		}
	}
	return false
}

// checkViews compares at(seen) and seenAs(seen) with the reference.
func (r *refReplay) checkViews(t *testing.T, h *History, j *judgement, seen []string, fail func(string, any, any)) {
	t.Helper()
	closure, ok := map[string]bool{}, true
	for _, s := range seen {
		if s == r.g.SpaceID {
			continue
		}
		if r.evs[s] == nil || r.waits[s] {
			ok = false
			break
		}
		closure[s] = true
		for a := range r.anc[s] {
			closure[a] = true
		}
	}
	at, okAt := h.At(seen, nil)
	as, okAs := h.SeenAs(seen)
	if okAt != ok || okAs != ok {
		fail(fmt.Sprintf("availability of at/seenAs(%v)", seen), []bool{okAt, okAs}, ok)
	}
	if !ok {
		return
	}
	wantAt := r.merge(j.validIn(closure), j.viewW)
	if got, want := norm(at.Snapshot()), norm(wantAt.snapshot()); !reflect.DeepEqual(got, want) {
		fail(fmt.Sprintf("at(%v)", seen), got, want)
	}
	within := r.judge(closure)
	wantAs := r.merge(within.validIn(closure), within.viewW)
	if got, want := norm(as.Snapshot()), norm(wantAs.snapshot()); !reflect.DeepEqual(got, want) {
		fail(fmt.Sprintf("seenAs(%v)", seen), got, want)
	}
}

// norm makes empty and absent alike, and clears keyDue (compared apart).
func norm(s Snapshot) Snapshot {
	s.KeyDue = false
	fix := func(x []string) []string {
		if len(x) == 0 {
			return nil
		}
		return x
	}
	s.Founders, s.Relays = fix(s.Founders), fix(s.Relays)
	if len(s.Keepers) == 0 {
		s.Keepers = nil
	}
	if len(s.Keys) == 0 {
		s.Keys = nil
	}
	roles := map[string][]RoleDefinition{}
	for name, defs := range s.Roles {
		var out []RoleDefinition
		for _, d := range defs {
			d.Nests = fix(d.Nests)
			if len(d.Grants) == 0 {
				d.Grants = nil
			}
			out = append(out, d)
		}
		roles[name] = out
	}
	s.Roles = roles
	for _, m := range []map[string][]string{s.Contested, s.Successors} {
		for k, v := range m {
			m[k] = fix(v)
		}
	}
	invites := map[string]Invite{}
	for k, v := range s.Invites {
		v.By = fix(v.By)
		invites[k] = v
	}
	s.Invites = invites
	for k, v := range s.Assigned {
		if len(v) == 0 {
			delete(s.Assigned, k)
		}
	}
	return s
}

// closureOf is what ids name and everything they saw, or false when one is
// missing or waiting.
func (r *refReplay) closureOf(ids []string) (map[string]bool, bool) {
	out := map[string]bool{}
	for _, s := range ids {
		if s == r.g.SpaceID {
			continue
		}
		if r.evs[s] == nil || r.waits[s] {
			return nil, false
		}
		out[s] = true
		for a := range r.anc[s] {
			out[a] = true
		}
	}
	return out, true
}

// checkWithin compares at(seen, within) with the reference: valid among
// what seen and within name, merged over what seen names.
func (r *refReplay) checkWithin(h *History, seen, within []string, fail func(string, any, any)) {
	inSeen, ok1 := r.closureOf(seen)
	both, ok2 := r.closureOf(append(slices.Clone(seen), within...))
	got, ok := h.At(seen, within)
	if ok != (ok1 && ok2) {
		fail(fmt.Sprintf("availability of at(%v, %v)", seen, within), ok, ok1 && ok2)
	}
	if !ok {
		return
	}
	j := r.judge(both)
	var set []string
	for id := range inSeen {
		if j.valid[id] {
			set = append(set, id)
		}
	}
	if g, w := norm(got.Snapshot()), norm(r.merge(set, j.viewW).snapshot()); !reflect.DeepEqual(g, w) {
		fail(fmt.Sprintf("at(%v, %v)", seen, within), g, w)
	}
}
