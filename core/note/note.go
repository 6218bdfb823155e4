package note

import (
	"errors"
	"fmt"
	"maps"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/policy"
)

// Type is the type tag of a note (03 §7.4).
const Type = "minca/ucan/dlg@1"

// Payload member names (UCAN 1.0 delegation, JSON profile).
const (
	MemberIss   = "iss"
	MemberAud   = "aud"
	MemberSub   = "sub"
	MemberCmd   = "cmd"
	MemberPol   = "pol"
	MemberNonce = "nonce"
	MemberExp   = "exp"
	MemberNbf   = "nbf"
	MemberMeta  = "meta"
	MaxNonce    = 128
	// maxSafe is the largest integer JSON numbers carry exactly (2^53 − 1).
	maxSafe = 1<<53 - 1
)

// Errors a caller may branch on; every error of this package wraps one.
var (
	ErrMalformed = errors.New("malformed note")
	ErrChain     = errors.New("a key cannot pass its note on: only one link counts")
	ErrSignature = errors.New("note signature does not verify")
	ErrTime      = errors.New("note not valid at the version's createdAt")
	ErrAudience  = errors.New("note is not to the version's author")
)

// Note is a parsed note. Parse checks its shape; Check checks the rest.
type Note struct {
	Iss, Aud, Sub string
	Cmd           string
	Pol           policy.Policy
	Nonce         string
	Exp           *int64 // nil: null, no expiry
	Nbf           *int64 // nil: absent
	Meta          map[string]any
	Sig           []byte

	payload map[string]any // exactly as given
}

// Parse reads a note's JSON form (a JSON-shaped value, core/cjson):
// { type, payload, sig } with the payload of the package doc.
func Parse(v any) (*Note, error) {
	if _, ok := v.([]any); ok {
		return nil, fmt.Errorf("%w: a list of notes is a chain", ErrChain)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: not an object", ErrMalformed)
	}
	if err := only(m, "type", "payload", "sig"); err != nil {
		return nil, err
	}
	if m["type"] != Type {
		return nil, fmt.Errorf("%w: type is not %q", ErrMalformed, Type)
	}
	sigText, ok := m["sig"].(string)
	sig, err := enc.DecodeB64URLLen(sigText, identity.SignatureLen)
	if !ok || err != nil {
		return nil, fmt.Errorf("%w: sig is not base64url of %d bytes", ErrMalformed, identity.SignatureLen)
	}
	p, ok := m["payload"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: payload is not an object", ErrMalformed)
	}
	n, err := parsePayload(p)
	if err != nil {
		return nil, err
	}
	n.Sig = sig
	return n, nil
}

// ParseJSON reads a note from JSON text.
func ParseJSON(b []byte) (*Note, error) {
	v, err := cjson.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return Parse(v)
}

func only(m map[string]any, allowed ...string) error {
	for k := range m {
		ok := false
		for _, a := range allowed {
			ok = ok || k == a
		}
		if ok {
			continue
		}
		if k == "prf" || k == "proof" || k == "proofs" {
			return fmt.Errorf("%w: member %q", ErrChain, k)
		}
		return fmt.Errorf("%w: member %q is not allowed", ErrMalformed, k)
	}
	return nil
}

func parsePayload(p map[string]any) (*Note, error) {
	if err := only(p, MemberIss, MemberAud, MemberSub, MemberCmd, MemberPol, MemberNonce, MemberExp, MemberNbf, MemberMeta); err != nil {
		return nil, err
	}
	n := &Note{payload: p}
	var ok bool
	for _, f := range []struct {
		name string
		dst  *string
	}{{MemberIss, &n.Iss}, {MemberAud, &n.Aud}, {MemberSub, &n.Sub}} {
		if *f.dst, ok = p[f.name].(string); !ok || !identity.IsDID(*f.dst) {
			return nil, fmt.Errorf("%w: %s is not a P-256 did:key", ErrMalformed, f.name)
		}
	}
	if n.Cmd, ok = p[MemberCmd].(string); !ok || !policy.IsCommand(n.Cmd) {
		return nil, fmt.Errorf("%w: cmd is not a command path", ErrMalformed)
	}
	pol, err := policy.Parse(p[MemberPol])
	if err != nil {
		return nil, fmt.Errorf("%w: pol: %w", ErrMalformed, err)
	}
	n.Pol = pol
	if n.Nonce, ok = p[MemberNonce].(string); !ok || n.Nonce == "" || len([]rune(n.Nonce)) > MaxNonce {
		return nil, fmt.Errorf("%w: nonce is not a string of 1–%d characters", ErrMalformed, MaxNonce)
	}
	return n, n.readTimes(p)
}

func (n *Note) readTimes(p map[string]any) error {
	exp, present := p[MemberExp]
	if !present {
		return fmt.Errorf("%w: exp is missing (null for none)", ErrMalformed)
	}
	var err error
	if exp != nil {
		if n.Exp, err = seconds(MemberExp, exp); err != nil {
			return err
		}
	}
	if nbf, present := p[MemberNbf]; present {
		if n.Nbf, err = seconds(MemberNbf, nbf); err != nil {
			return err
		}
	}
	if meta, present := p[MemberMeta]; present {
		if n.Meta, present = meta.(map[string]any); !present {
			return fmt.Errorf("%w: meta is not an object", ErrMalformed)
		}
	}
	return nil
}

func seconds(name string, v any) (*int64, error) {
	f, ok := v.(float64)
	if !ok || f != float64(int64(f)) || f < 0 || f > maxSafe {
		return nil, fmt.Errorf("%w: %s is not a non-negative integer number of seconds", ErrMalformed, name)
	}
	s := int64(f)
	return &s, nil
}

// Payload gives a copy of the payload exactly as parsed or made.
func (n *Note) Payload() map[string]any { return maps.Clone(n.payload) }

// JSON gives the note's JSON form, as a version's proof holds it.
func (n *Note) JSON() map[string]any {
	return map[string]any{"type": Type, "payload": n.payload, "sig": enc.B64URL(n.Sig)}
}

// SigningBytes are the bytes the issuer signs: UTF-8 of the canonical JSON
// of { payload, type }.
func SigningBytes(payload map[string]any) ([]byte, error) {
	return cjson.Marshal(map[string]any{"payload": payload, "type": Type})
}
