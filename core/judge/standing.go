package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Collections whose versions are about the account itself (03 §5.2 step 3).
const (
	CollectionMemberKey = "sys.memberkey"
	CollectionProfile   = "sys.profile"
)

// Standing judges the versions of one space as one peer holds it (03 §5.2):
// what it holds, what it can open, and the space's access history.
type Standing struct {
	Space   Space
	History *access.History
	// Lookup finds held versions, whole or as stubs: a record's first
	// version (step 4) and the definitions in force (step 9).
	Lookup record.Lookup
	// Opener opens bodies as this peer can (03 §8.3); nil reads every body
	// in the clear (PublicBodies).
	Opener Opener
	// AccountOwn says the space is one of the account's own (03 §13.1):
	// every version in it must carry /account/write (step 3).
	AccountOwn bool
}

// Judge gives the standing of a version (03 §5.2): the gatekeeper's four
// answers. An access version stands when its event is applied (Access).
func (s *Standing) Judge(v *record.Version) record.Verdict {
	return s.judge(v, false)
}

// JudgeChecked is Judge for a version whose id, signature, body hash and
// note core/record's Gate has already verified (02 §9 steps 2–3): step 2
// reads its note without verifying the signatures again, so a gatekeeper
// verifies each version once.
func (s *Standing) JudgeChecked(v *record.Version) record.Verdict {
	return s.judge(v, true)
}

func (s *Standing) judge(v *record.Version, checked bool) record.Verdict {
	if v.Space != s.Space.ID {
		return record.Refuse(fmt.Errorf("03 §5.2 step 1: %s: %w", v.ID, ErrOtherSpace))
	}
	if record.IsAccessCollection(v.Collection) {
		return s.Access(v)
	}
	d, verdict := s.noteOf(v, checked)
	if verdict != nil {
		return *verdict
	}
	first, verdict := s.firstOf(v)
	if verdict != nil {
		return *verdict
	}
	seenAs, at, verdict := s.states(v)
	if verdict != nil {
		return *verdict
	}
	inv := s.invocation(v, first, d.Root)
	if !seenAs.IsMember(d.Root) || !inv.needs(seenAs, true) {
		return record.Refuse(fmt.Errorf("03 §5.2 step 7: %s by %s: %w", v.ID, d.Root, ErrNotAllowed))
	}
	if v.IsStub() && s.opener().Reads() && !inv.needs(seenAs, false) {
		return record.Wait(v.ID) // step 8: judge the whole version when it arrives
	}
	rules := s.rulesIn(at, v.Collection)
	if rules.final && v.Seq > 0 {
		return record.Refuse(fmt.Errorf("03 §5.2 step 9: %s (seq %d) in %s: %w", v.ID, v.Seq, v.Collection, ErrFinal))
	}
	judged := judgeWith(s.History, QueryOf(v, d.Root, nil), func(st *access.State, _ []string) bool {
		return inv.needs(st, true)
	})
	if judged.Answer == record.Later || judged.Answer == record.Refused {
		return judged
	}
	if err := s.checkRules(v, first, d.Root, inv, rules); err != nil {
		return record.Refuse(fmt.Errorf("03 §5.2 step 11: %s: %w", v.ID, err))
	}
	return judged
}

func (s *Standing) opener() Opener {
	if s.Opener == nil {
		return PublicBodies{}
	}
	return s.Opener
}

// noteOf makes steps 2 and 3: the signature and note verify, giving root;
// the note lets the key write (or delete) records of this collection in
// this space; and a version about the account itself carries /account/write.
func (s *Standing) noteOf(v *record.Version, checked bool) (note.Delegation, *record.Verdict) {
	verify := delegation
	if checked {
		verify = heldDelegation
	}
	d, err := verify(v)
	if err != nil {
		r := record.Refuse(fmt.Errorf("03 §5.2 step 2: %w", err))
		return d, &r
	}
	cmd := recordCommand(v)
	if !d.Allows(cmd, map[string]any{"collection": v.Collection, "space": s.Space.ID}) {
		r := record.Refuse(fmt.Errorf("03 §5.2 step 2: %s: %w: %s", v.ID, ErrNotGranted, cmd))
		return d, &r
	}
	aboutAccount := s.AccountOwn || v.Collection == CollectionMemberKey || v.Collection == CollectionProfile
	if aboutAccount && !d.AccountWrite() {
		r := record.Refuse(fmt.Errorf("03 §5.2 step 3: %s: %w", v.ID, ErrAccountWrite))
		return d, &r
	}
	return d, nil
}

// recordCommand is the command a version invokes (03 §5.2 step 6).
func recordCommand(v *record.Version) string {
	if v.Deleted {
		return space.CmdRecordDelete
	}
	return space.CmdRecordWrite
}

// firstOf makes step 4: the record's first version is held, is seq 0, and
// has the same key and collection.
func (s *Standing) firstOf(v *record.Version) (*record.Version, *record.Verdict) {
	if v.Seq == 0 {
		return v, nil
	}
	var first *record.Version
	if s.Lookup != nil {
		first, _ = s.Lookup(v.Genesis)
	}
	if first == nil {
		r := record.Wait(v.Genesis)
		return nil, &r
	}
	if err := record.CheckFirst(v, first); err != nil {
		r := record.Refuse(fmt.Errorf("03 §5.2 step 4: %w: %w", ErrFirstVersion, err))
		return nil, &r
	}
	return first, nil
}

// states makes step 5: at(seen) and seenAs(seen) are available.
func (s *Standing) states(v *record.Version) (seenAs, at *access.State, verdict *record.Verdict) {
	seen := v.Seen
	if seen == nil {
		seen = []string{}
	}
	seenAs, ok1 := s.History.SeenAs(seen)
	at, ok2 := s.History.At(seen, nil)
	if !ok1 || !ok2 {
		r := record.Wait(notPlaced(s.History, seen)...)
		return nil, nil, &r
	}
	return seenAs, at, nil
}

// invocation is step 6: what the version invokes, and needs.
type invocation struct {
	root   string
	cmd    string
	args   map[string]any
	body   any  // the body as this peer opens it, or policy.Unopened
	opened bool // whether it could
	sys    bool // a sys.* collection: needs is isMember
	// asked is cmd with args prepared once for every state it is asked of
	// (nil when args are not JSON: may() then holds for no one).
	asked *access.Invocation
}

func (s *Standing) invocation(v *record.Version, first *record.Version, root string) invocation {
	inv := invocation{root: root, cmd: recordCommand(v), sys: record.IsSys(v.Collection)}
	byCreator := s.byCreator(v, first, root)
	if v.Deleted {
		inv.args = space.RecordDeleteArgs(v.Collection, byCreator)
		return inv.prepared()
	}
	inv.body, inv.opened = s.opener().Open(v)
	if !inv.opened {
		inv.body = policy.Unopened
	}
	inv.args = space.RecordWriteArgs(v.Collection, byCreator, inv.body)
	if _, public := s.opener().(PublicBodies); public && inv.opened && !inv.sys {
		if pub, ok := publicWrite(inv, v, byCreator); ok {
			return pub
		}
	}
	return inv.prepared()
}

// prepared writes the invocation's canonical JSON once (access.Invocation):
// needs asks it of seenAs and of at.
func (inv invocation) prepared() invocation {
	if !inv.sys {
		inv.asked, _ = access.NewInvocation(inv.cmd, inv.args)
	}
	return inv
}

// byCreator is true for seq 0, and otherwise whether the first version's
// root is root: at an owned key, whether root owns it (03 §2.3, 02 §4.1).
func (s *Standing) byCreator(v, first *record.Version, root string) bool {
	if v.Seq == 0 {
		return true
	}
	if _, owned := record.KeyOwner(v.Key); owned {
		return record.OwnedBy(v.Key, root)
	}
	d, err := heldDelegation(first) // held, so checked when it came in
	return err == nil && d.Root == root
}

// needs is needs(S) (03 §5.2 step 6): isMember in a sys.* collection, and
// may otherwise. trusting takes a statement on a body this peer cannot
// open as holding (03 §2.2); without it (a stub at a reading peer, step 8)
// such a statement never holds (mayInvoke).
func (inv invocation) needs(st *access.State, trusting bool) bool {
	if inv.sys {
		return st.IsMember(inv.root)
	}
	return mayInvoke(st, inv.root, inv.asked, trusting)
}
