package access

// Reductions and strikes (03 §4.3 steps 2–3).
//
// Every allowed remove, unassignment (leaving a role included), stepdown,
// revoke, fork proof and closing of an invite is a reduction: §4.5 already
// asks that the target be a member, hold the role, or be a founder, as
// §4.3 step 2 does. The one exception depends on the set judged: a stepdown
// that an allowed revoke or fork proof in the set reaches, uncovered, is no
// reduction (A13). So each pair is worked out once, when the later of the
// two is placed, and the set decides only whether a stepdown strikes.

// strikable says whether an event can be struck at all: revokes and forks
// are never struck, and neither is a stepdown (§4.3 step 3).
func strikable(k Kind) bool { return k != KindRevoke && k != KindFork && k != KindStepdown }

// accountReduced is the account an event reduces, if it reduces one: a
// removal, an unassignment or a stepdown of did (§4.3 step 3, first bullet).
func accountReduced(e *Event) (string, bool) {
	switch {
	case e.Kind == KindRemove, e.Kind == KindStepdown, e.Kind == KindAssign && !e.Assigned:
		return e.DID, true
	}
	return "", false
}

// reaches says whether reduction r reaches event e, and whether it needs
// the two to be concurrent to strike it (§4.3 step 3).
func reaches(r, e *Event) (reach, needConcurrent bool) {
	if did, ok := accountReduced(r); ok {
		return e.Root == did, true
	}
	switch r.Kind {
	case KindRevoke:
		return e.Author == r.Key && e.Root == r.Root, false
	case KindFork:
		return e.Author == r.Writer && e.OwnCollection() == r.Collection && e.N != NoPlace && e.N >= r.From, false
	case KindInvite:
		return !r.Open && e.Kind == KindAssign && e.ViaInvite == r.InviteKey, true
	}
	return false, false
}

// linkPair records what reduction-capable r does to e, both allowed and
// distinct: a strike edge, or, for a stepdown e reached by a revoke or
// fork, the exception of A13.
func (h *History) linkPair(r, e *node) bool {
	reach, conc := reaches(&r.ev, &e.ev)
	if !reach || r.ev.cutoff().Covers(e.ev.Author, e.ev.OwnCollection(), e.ev.N) {
		return false
	}
	if conc && !h.concurrent(r.idx, e.idx) {
		return false
	}
	r, e = h.own(r.idx), h.own(e.idx) // what a Clone shares is not written to
	if e.ev.Kind == KindStepdown && !conc {
		e.exceptBy = append(e.exceptBy, r.idx)
		return true
	}
	if !strikable(e.ev.Kind) {
		return false
	}
	if len(r.out) == 0 {
		h.strikers = append(h.strikers, r.idx)
	}
	if len(e.in) == 0 {
		h.targets = append(h.targets, e.idx)
	}
	r.out = append(r.out, e.idx)
	e.in = append(e.in, r.idx)
	return true
}

// linkNew works out the pairs of a newly placed allowed event x with every
// allowed event placed before it, both ways. It reports whether any edge or
// exception was added.
func (h *History) linkNew(x *node) bool {
	added := false
	for _, j := range h.strikeCandidates(&x.ev) {
		if j < x.idx && h.nodes[j].allowed && h.linkPair(x, h.nodes[j]) {
			added = true
		}
	}
	for _, j := range h.strikersOf(&x.ev) {
		if j < x.idx && h.nodes[j].allowed && h.linkPair(h.nodes[j], x) {
			added = true
		}
	}
	return added
}

// strikeCandidates is every event x could reach were it a reduction.
func (h *History) strikeCandidates(x *Event) []int {
	if did, ok := accountReduced(x); ok {
		return h.ix.byRoot[did]
	}
	switch x.Kind {
	case KindRevoke:
		return h.ix.byAuthor[x.Key]
	case KindFork:
		return h.ix.byAuthor[x.Writer]
	case KindInvite:
		if !x.Open {
			return h.ix.joins[x.InviteKey]
		}
	}
	return nil
}

// strikersOf is every event that could reach x.
func (h *History) strikersOf(x *Event) []int {
	var out []int
	out = append(out, h.ix.removals[x.Root]...)
	out = append(out, h.ix.unassigns[x.Root]...)
	out = append(out, h.ix.stepdowns[x.Root]...)
	out = append(out, h.ix.revokes[x.Author]...)
	out = append(out, h.ix.forks[x.Author]...)
	if x.Kind == KindAssign && x.ViaInvite != "" {
		out = append(out, h.ix.byKey[inviteGroup(x.ViaInvite)]...)
	}
	return out
}

// reducesIn says whether allowed event r is a reduction in set T (nil: the
// whole history): always, but for a stepdown some revoke or fork in T
// reaches (A13).
func (h *History) reducesIn(r *node, inT func(int) bool) bool {
	if r.ev.Kind != KindStepdown {
		return true
	}
	for _, x := range r.exceptBy {
		if inT == nil || inT(x) {
			return false
		}
	}
	return true
}
