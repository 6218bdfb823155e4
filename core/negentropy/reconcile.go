package negentropy

import (
	"errors"
	"fmt"
)

// frameSlack is what the frame limit keeps free: output stops once it would
// exceed L − 200 bytes (05 §3.4).
const frameSlack = 200

// MinFrameLimit is the smallest frame limit other than 0 (none) (05 §3.4).
const MinFrameLimit = 4096

func checkFrameLimit(limit int) error {
	if limit != 0 && limit < MinFrameLimit {
		return fmt.Errorf("%w: got %d", ErrFrameLimit, limit)
	}
	return nil
}

// Initiator runs the initiator's side of a reconciliation (05 §3.4): it
// sends the first message, and from each answer learns which ids it has
// that the other side lacks (have) and which the other side has that it
// lacks (need).
type Initiator struct {
	store Storage
	limit int
}

// NewInitiator makes an initiator over store with frame limit limit (0 for
// none, otherwise at least 4096).
func NewInitiator(store Storage, limit int) (*Initiator, error) {
	if err := checkFrameLimit(limit); err != nil {
		return nil, err
	}
	return &Initiator{store: store, limit: limit}, nil
}

// Initiate is the first message: the version byte, then the whole set split
// as in 05 §3.4, up to infinity. An empty set gives 61 00 00 02 00.
func (in *Initiator) Initiate() []byte {
	var e encoder
	out := []byte{Version}
	return e.split(out, in.store, 0, in.store.Len(), &InfiniteBound)
}

// Round is what the initiator takes from one answer.
type Round struct {
	// Next is the message to send, or nil when the reconciliation is done.
	Next []byte
	// Have are ids the initiator has and the other side lacks; Need are ids
	// the other side has and the initiator lacks. A round cut short by a
	// frame limit can name an id again in a later round (05 §3.4).
	Have, Need []ID
}

// Done says whether there is nothing more to send.
func (r Round) Done() bool { return r.Next == nil }

// Reconcile takes the responder's answer. On error nothing is learnt: a
// malformed answer, or one of another protocol version, fails.
func (in *Initiator) Reconcile(answer []byte) (Round, error) {
	msg, err := Decode(answer)
	if err != nil {
		return Round{}, fmt.Errorf("negentropy answer: %w", err)
	}
	a := answerer{store: in.store, limit: in.limit, initiator: true}
	out := a.answer(&msg)
	round := Round{Have: a.have, Need: a.need}
	if len(out) > 1 {
		round.Next = out
	}
	return round, nil
}

// Responder answers an initiator's messages (05 §3.4). It keeps no state
// between messages.
type Responder struct {
	store Storage
	limit int
}

// NewResponder makes a responder over store with frame limit limit (0 for
// none, otherwise at least 4096).
func NewResponder(store Storage, limit int) (*Responder, error) {
	if err := checkFrameLimit(limit); err != nil {
		return nil, err
	}
	return &Responder{store: store, limit: limit}, nil
}

// Respond answers one message. It always answers a valid message, if only
// with the version byte; a message of another Negentropy version is
// answered with the version byte alone (05 §3.2). It fails on anything that
// is not a valid message.
func (r *Responder) Respond(msg []byte) ([]byte, error) {
	m, err := Decode(msg)
	if errors.Is(err, ErrVersion) {
		return []byte{Version}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("negentropy message: %w", err)
	}
	a := answerer{store: r.store, limit: r.limit}
	return a.answer(&m), nil
}
