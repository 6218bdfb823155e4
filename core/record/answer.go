package record

import (
	"fmt"
	"strings"
)

// Answer is one of the gatekeeper's four answers (§9.5).
type Answer int

const (
	// Stands: every check passed; store it (the ordering rule decides
	// whether it is current).
	Stands Answer = iota
	// Later (not yet): it needs a version not held; hold it aside, ask for
	// what is missing, retry after each store.
	Later
	// Withdrawn: stored, but never counts as standing (03 §5.1).
	Withdrawn
	// Refused: don't store or forward; remember (peer, id) only.
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

// Verdict is an answer with its reason (for Withdrawn and Refused: errors.Is
// finds the rule's sentinel) and, for Later, the ids of what is missing.
type Verdict struct {
	Answer  Answer
	Reason  error
	Missing []string
}

// Refuse is the verdict Refused for err.
func Refuse(err error) Verdict { return Verdict{Answer: Refused, Reason: err} }

// Wait is the verdict Later, naming the ids a node should ask for.
func Wait(missing ...string) Verdict { return Verdict{Answer: Later, Missing: missing} }

func (v Verdict) String() string {
	switch {
	case v.Answer == Later && len(v.Missing) > 0:
		return "later: needs " + strings.Join(v.Missing, ", ")
	case v.Reason != nil:
		return v.Answer.String() + ": " + v.Reason.Error()
	}
	return v.Answer.String()
}
