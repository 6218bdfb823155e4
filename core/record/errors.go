package record

import (
	"errors"
	"fmt"
)

// Errors a caller may branch on. Every error this package returns for bad
// input wraps one of them.
var (
	// ErrShape: the version fails a rule decidable from it alone (§4.6).
	ErrShape = errors.New("record: malformed version")
	// ErrID: the id is not the id of the signed part (§3.3 step 1).
	ErrID = errors.New("record: id does not match the signed part")
	// ErrAuthor: author is not a P-256 did:key (§3.3 step 2).
	ErrAuthor = errors.New("record: author is not a usable did:key")
	// ErrSignature: the signature does not verify (§3.3 step 3).
	ErrSignature = errors.New("record: signature does not verify")
	// ErrBodyHash: a body is present and does not hash to bodyHash (§3.3 step 4).
	ErrBodyHash = errors.New("record: body does not hash to bodyHash")
	// ErrChain: the version does not follow what prev or genesis names (§4.4).
	ErrChain = errors.New("record: version does not follow its chain")
	// ErrLoose: a loose version breaks §3.5, or a space version was offered as one.
	ErrLoose = errors.New("record: not a valid loose version")
	// ErrNote: the note (proof) is missing a checker or does not verify (§9 step 3).
	ErrNote = errors.New("record: note does not verify")
	// ErrFuture: createdAt is too far ahead of now (§9 step 3).
	ErrFuture = errors.New("record: createdAt is in the future")
	// ErrSpace: the version is not of the space it arrived for (§9 step 4).
	ErrSpace = errors.New("record: version of another space")
	// ErrOwner: a first version at an owned key is not its owner's (§4.1).
	ErrOwner = errors.New("record: first version at an owned key is not the owner's")
	// ErrStubOfRetained: a retained version arrived without its body (§4.5).
	ErrStubOfRetained = errors.New("record: stub of a retained version")
	// ErrForkProof: a sys.fork body does not prove a fork or a break (§4.10).
	ErrForkProof = errors.New("record: not a fork proof")
	// ErrKey: a record key, or the input of a derived key, is malformed (§4.1).
	ErrKey = errors.New("record: bad record key")
)

// ShapeError names the member and the rule a version breaks (§4.6). It
// unwraps to ErrShape.
type ShapeError struct {
	Member  string // the member at fault, e.g. "seq" or "log.prev"
	Problem string // the rule, in words
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("record: member %q: %s", e.Member, e.Problem)
}

func (e *ShapeError) Unwrap() error { return ErrShape }

func shapeErr(member, format string, args ...any) error {
	return &ShapeError{Member: member, Problem: fmt.Sprintf(format, args...)}
}
