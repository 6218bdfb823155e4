package judge

import "fmt"

// Answer is one of the gatekeeper's four answers (02 §9.5, 03 §5).
type Answer int

const (
	// Stands: every check passed; store it.
	Stands Answer = iota
	// Later: it needs something not yet held (not yet, retry later).
	Later
	// Withdrawn: still stored, but never counts as standing (03 §5.1).
	Withdrawn
	// Refused: do not store or forward.
	Refused
)

func (a Answer) String() string {
	switch a {
	case Stands:
		return "stands"
	case Later:
		return "later"
	case Withdrawn:
		return "withdrawn"
	case Refused:
		return "refused"
	}
	return fmt.Sprintf("Answer(%d)", int(a))
}

// Verdict is an answer with the step that gave it and a reason a person can read.
type Verdict struct {
	Answer Answer
	// Step names the spec step that decided, e.g. "5.1/4" or "5.2/7"; empty when it stands.
	Step string
	// Reason says why, for anything but Stands.
	Reason string
}

func (v Verdict) String() string {
	if v.Answer == Stands {
		return "stands"
	}
	return fmt.Sprintf("%s (%s): %s", v.Answer, v.Step, v.Reason)
}

func stands() Verdict { return Verdict{Answer: Stands} }

func later(step, reason string) Verdict {
	return Verdict{Answer: Later, Step: step, Reason: reason}
}

func withdrawn(step, reason string) Verdict {
	return Verdict{Answer: Withdrawn, Step: step, Reason: reason}
}

func refused(step, reason string) Verdict {
	return Verdict{Answer: Refused, Step: step, Reason: reason}
}
