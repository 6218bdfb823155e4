package judge

import (
	"fmt"
	"strings"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// mayInvoke is may(S, root, cmd, args) as this peer judges it. trusting
// takes a statement on a body it cannot open (policy.Unopened) as holding
// (03 §2.2); without it such a statement never holds (03 §5.2 step 8).
//
// Adapter: core/access's May fits a grant only when its policy is
// policy.True, which is the strict reading. Until it can take
// policy.Unknown as holding, the trusting reading is worked out here: when
// the strict answer is no, the body was not opened and some grant in the
// state reads a body, the refusal may come from the body alone, and the
// trusting answer is yes. That is exact whenever no grant of the space
// reads .body; otherwise it errs towards letting stand, as a peer that
// cannot read a body must (readers judge it whole).
func mayInvoke(st *access.State, root, cmd string, args map[string]any, trusting bool) bool {
	if st.May(root, cmd, args) {
		return true
	}
	if !trusting || args[space.ArgBody] != policy.Unopened {
		return false
	}
	return grantsReadBody(st)
}

// grantsReadBody says whether some grant of some role in the state has a
// policy that names body.
func grantsReadBody(st *access.State) bool {
	for _, defs := range st.Snapshot().Roles {
		for _, d := range defs {
			for _, g := range d.Grants {
				if namesBody(g.Pol) {
					return true
				}
			}
		}
	}
	return false
}

// namesBody says whether a policy (as JSON) holds a selector into body.
func namesBody(v any) bool {
	switch x := v.(type) {
	case string:
		return strings.HasPrefix(x, ".body") || strings.HasPrefix(x, `.["body"]`) || strings.HasPrefix(x, `["body"]`)
	case []any:
		for _, e := range x {
			if namesBody(e) {
				return true
			}
		}
	}
	return false
}

// Access is the standing of an access version (03 §5.2): it stands when its
// event is applied. One that yields no event is refused; one the history
// does not hold yet must be added first (MayStore), and is later.
func (s *Standing) Access(v *record.Version) record.Verdict {
	ev, err := EventFromVersion(v, s.Space)
	if err != nil {
		return record.Refuse(err)
	}
	st := s.History.Status(ev.ID)
	switch st.Outcome {
	case access.Applied:
		return record.Verdict{Answer: record.Stands}
	case access.Waiting:
		return record.Wait(st.WaitingFor...)
	case access.Unknown:
		return record.Wait(ev.ID)
	}
	if st.Reason == access.Refused {
		return record.Refuse(fmt.Errorf("03 §4.3: %s: %w: %s", ev.ID, ErrNotAllowed, st))
	}
	return record.Verdict{Answer: record.Withdrawn, Reason: fmt.Errorf("03 §4.3: %s: %w: %s", ev.ID, ErrStruck, st)}
}
