package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// Access is the standing of an access version (03 §5.2): it stands when its
// event is applied. One that yields no event is refused. A dropped event,
// not allowed or struck, is withdrawn: a peer stores every well-formed
// access version and lets the replay decide (§3.4), so it stays stored and
// never counts. One the history does not hold yet must be added first
// (MayStore), and is later, as is one waiting for what its seen names.
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
		return record.Verdict{Answer: record.Withdrawn, Reason: fmt.Errorf("03 §4.3: %s: %w: %s", ev.ID, ErrNotAllowed, st)}
	}
	return record.Verdict{Answer: record.Withdrawn, Reason: fmt.Errorf("03 §4.3: %s: %w: %s", ev.ID, ErrStruck, st)}
}
