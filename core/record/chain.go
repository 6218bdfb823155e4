package record

import "fmt"

// Lookup finds a held version by id, whole or as a stub.
type Lookup func(id string) (*Version, bool)

// Next returns a draft of the version after cur (§4.2): same space,
// collection and key, seq+1, prev = cur, genesis = cur's first version. A
// writer builds it from the current version it holds, even a delete. The
// caller sets body (or Deleted), log, seen, proof and createdAt, then Signs.
func Next(cur *Version) *Version {
	return &Version{
		Space:      cur.Space,
		Collection: cur.Collection,
		Key:        cur.Key,
		Seq:        cur.Seq + 1,
		Prev:       cur.ID,
		Genesis:    cur.FirstID(),
	}
}

// CheckFollows checks that v follows p, the version its prev names (§4.4).
func CheckFollows(v, p *Version) error {
	switch {
	case p.ID != v.Prev:
		return fmt.Errorf("%w: %s: prev names %s, given %s", ErrChain, v.ID, v.Prev, p.ID)
	case p.Key != v.Key:
		return fmt.Errorf("%w: %s: prev %s is at key %q, not %q", ErrChain, v.ID, p.ID, p.Key, v.Key)
	case p.Collection != v.Collection:
		return fmt.Errorf("%w: %s: prev %s is in %s, not %s", ErrChain, v.ID, p.ID, p.Collection, v.Collection)
	case v.Seq != p.Seq+1:
		return fmt.Errorf("%w: %s: seq %d does not follow prev's %d", ErrChain, v.ID, v.Seq, p.Seq)
	case v.Genesis != p.FirstID():
		return fmt.Errorf("%w: %s: genesis %s, but prev's chain starts at %s", ErrChain, v.ID, v.Genesis, p.FirstID())
	}
	return nil
}

// CheckFirst checks that g, the version v's genesis names, is this record's
// first version: seq 0, same key and collection (§4.4).
func CheckFirst(v, g *Version) error {
	if g.ID != v.FirstID() || g.Seq != 0 || g.Key != v.Key || g.Collection != v.Collection {
		return fmt.Errorf("%w: %s: the first version it names (%s) is not this record's", ErrChain, v.ID, g.ID)
	}
	return nil
}

// CheckChain makes the chain check of §4.4 against what a node holds. It
// answers Later (naming what is missing: the version prev names, the first
// version) when either is not held, Refused when they don't fit, else Stands.
func CheckChain(v *Version, look Lookup) Verdict {
	if v.Seq == 0 {
		return Verdict{Answer: Stands}
	}
	var missing []string
	p, havePrev := look(v.Prev)
	if !havePrev {
		missing = append(missing, v.Prev)
	}
	g, haveFirst := look(v.Genesis)
	if !haveFirst && v.Genesis != v.Prev {
		missing = append(missing, v.Genesis)
	}
	if havePrev {
		if err := CheckFollows(v, p); err != nil {
			return Refuse(err)
		}
	}
	if haveFirst {
		if err := CheckFirst(v, g); err != nil {
			return Refuse(err)
		}
	}
	if len(missing) > 0 {
		return Wait(missing...)
	}
	return Verdict{Answer: Stands}
}
