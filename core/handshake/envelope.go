package handshake

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"minca.dev/desktop/core/cjson"
)

// Envelope is a message of a space's connection (04 §9):
// {"type": …, "from": <sender session DID>, "payload": …}. From is what the
// sender wrote; a receiver attributes the message to the connection's
// proven peer, never to From.
type Envelope struct {
	Type    string
	From    string
	Payload json.RawMessage // the payload's JSON as it arrived
}

// ParseEnvelope reads one node-socket frame (at most MaxFrame bytes) as an
// envelope (04 §9.0): one JSON object, no member twice, type a string of
// 1–MaxType characters, from a string of at most MaxDID characters, payload
// present. Other members are ignored. The payload is not looked into.
func ParseEnvelope(b []byte) (Envelope, error) {
	m, err := object(b, MaxFrame)
	if err != nil {
		return Envelope{}, fmt.Errorf("parse envelope: %w", err)
	}
	var e Envelope
	if e.Type, err = need(m, "type"); err != nil {
		return Envelope{}, fmt.Errorf("parse envelope: %w", err)
	}
	if e.Type == "" || utf8.RuneCountInString(e.Type) > MaxType {
		return Envelope{}, fmt.Errorf("parse envelope: %w: type is not 1–%d characters", ErrMalformed, MaxType)
	}
	if e.From, err = need(m, "from"); err != nil {
		return Envelope{}, fmt.Errorf("parse envelope %s: %w", e.Type, err)
	}
	if len(e.From) > MaxDID {
		return Envelope{}, fmt.Errorf("parse envelope %s: %w: from is longer than %d", e.Type, ErrMalformed, MaxDID)
	}
	p, ok := m["payload"]
	if !ok {
		return Envelope{}, fmt.Errorf("parse envelope %s: %w: no payload", e.Type, ErrMalformed)
	}
	e.Payload = p
	return e, nil
}

// MarshalEnvelope writes e as {"type","from","payload"} in that order. The
// payload must be one valid JSON value; the whole must fit MaxFrame.
func MarshalEnvelope(e Envelope) ([]byte, error) {
	if e.Type == "" || utf8.RuneCountInString(e.Type) > MaxType {
		return nil, fmt.Errorf("marshal envelope: type %q is not 1–%d characters", e.Type, MaxType)
	}
	if e.From == "" || len(e.From) > MaxDID {
		return nil, fmt.Errorf("marshal envelope %s: from %q", e.Type, e.From)
	}
	if !validJSON(e.Payload) {
		return nil, fmt.Errorf("marshal envelope %s: payload is not one JSON value", e.Type)
	}
	b, err := write(field{"type", e.Type}, field{"from", e.From}, field{"payload", e.Payload})
	if err != nil {
		return nil, fmt.Errorf("marshal envelope %s: %w", e.Type, err)
	}
	if len(b) > MaxFrame {
		return nil, fmt.Errorf("marshal envelope %s: %d bytes, at most %d", e.Type, len(b), MaxFrame)
	}
	return b, nil
}

// LiveFits reports whether a live payload's JSON is at most MaxLive UTF-16
// code units (04 §9.2), counted as JSON.stringify would write it (the
// canonical form has the same length: only the member order differs).
func LiveFits(payload json.RawMessage) bool {
	v, err := cjson.Parse(payload)
	if err != nil {
		return false
	}
	s, err := cjson.Marshal(v)
	if err != nil {
		return false
	}
	n := 0
	for _, r := range string(s) {
		n++
		if r > 0xFFFF {
			n++ // a surrogate pair
		}
	}
	return n <= MaxLive
}
