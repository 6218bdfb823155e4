package handshake

import (
	"encoding/json"
	"fmt"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// Frame is one of the three handshake frames (04 §5.2): *Challenge, *Hello
// or *Welcome.
type Frame interface{ frameType() string }

// Challenge is the node's first frame: its nonce and session DID.
type Challenge struct {
	Nonce string
	DID   string
}

// Hello is the client's answer: its session DID and nonce, its signature of
// ClientMessage, and in a private space its read proof (04 §6.3).
type Hello struct {
	DID   string
	Nonce string
	Sig   string
	ReadProof
}

// Welcome is the node's last frame: its DID and its signature of
// ServerMessage.
type Welcome struct {
	DID string
	Sig string
}

func (*Challenge) frameType() string { return TypeChallenge }
func (*Hello) frameType() string     { return TypeHello }
func (*Welcome) frameType() string   { return TypeWelcome }

// ParseHandshake reads one handshake frame (at most MaxHandshakeFrame bytes)
// and checks every member it defines: DIDs decode (01 §4), nonces are 16
// bytes, signatures 64 bytes. It does not verify signatures. Members it does
// not define are ignored.
func ParseHandshake(b []byte) (Frame, error) {
	m, err := object(b, MaxHandshakeFrame)
	if err != nil {
		return nil, fmt.Errorf("parse handshake: %w", err)
	}
	t, err := need(m, "type")
	if err != nil {
		return nil, fmt.Errorf("parse handshake: %w", err)
	}
	var f Frame
	switch t {
	case TypeChallenge:
		f, err = parseChallenge(m)
	case TypeHello:
		f, err = parseHello(m)
	case TypeWelcome:
		f, err = parseWelcome(m)
	default:
		err = fmt.Errorf("%w: type %q", ErrMalformed, t)
	}
	if err != nil {
		return nil, fmt.Errorf("parse handshake %s: %w", t, err)
	}
	return f, nil
}

func parseChallenge(m map[string]json.RawMessage) (*Challenge, error) {
	c := &Challenge{}
	var err error
	if c.Nonce, err = nonceOf(m, "nonce"); err != nil {
		return nil, err
	}
	if c.DID, err = didOf(m, "did"); err != nil {
		return nil, err
	}
	return c, nil
}

func parseWelcome(m map[string]json.RawMessage) (*Welcome, error) {
	w := &Welcome{}
	var err error
	if w.DID, err = didOf(m, "did"); err != nil {
		return nil, err
	}
	if w.Sig, err = sigOf(m, "sig", true); err != nil {
		return nil, err
	}
	return w, nil
}

func parseHello(m map[string]json.RawMessage) (*Hello, error) {
	h := &Hello{}
	var err error
	if h.DID, err = didOf(m, "did"); err != nil {
		return nil, err
	}
	if h.Nonce, err = nonceOf(m, "nonce"); err != nil {
		return nil, err
	}
	if h.Sig, err = sigOf(m, "sig", true); err != nil {
		return nil, err
	}
	if h.ReadProof, err = parseReadProof(m); err != nil {
		return nil, err
	}
	return h, nil
}

// Marshal writes a handshake frame, members in the order of 04 §5.2.
func Marshal(f Frame) ([]byte, error) {
	switch f := f.(type) {
	case *Challenge:
		return write(field{"type", TypeChallenge}, field{"nonce", f.Nonce}, field{"did", f.DID})
	case *Hello:
		earlier, err := f.earlierJSON()
		if err != nil {
			return nil, err
		}
		return write(field{"type", TypeHello}, field{"did", f.DID}, field{"nonce", f.Nonce},
			field{"sig", f.Sig}, field{"read", f.Read}, field{"readKey", f.ReadKey},
			field{"member", f.Member}, field{"earlier", earlier})
	case *Welcome:
		return write(field{"type", TypeWelcome}, field{"did", f.DID}, field{"sig", f.Sig})
	}
	return nil, fmt.Errorf("handshake: marshal %T", f)
}

func didOf(m map[string]json.RawMessage, k string) (string, error) {
	s, err := need(m, k)
	if err != nil {
		return "", err
	}
	if len(s) > MaxDID || !identity.IsDID(s) {
		return "", fmt.Errorf("%w: %s is not a did:key", ErrMalformed, k)
	}
	return s, nil
}

func nonceOf(m map[string]json.RawMessage, k string) (string, error) {
	s, err := need(m, k)
	if err != nil {
		return "", err
	}
	if len(s) != NonceTextLen {
		return "", fmt.Errorf("%w: %s is not %d characters", ErrMalformed, k, NonceTextLen)
	}
	if _, err := enc.DecodeB64URLLen(s, NonceLen); err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrMalformed, k, err)
	}
	return s, nil
}

// sigOf reads a signature member; absent is "" unless required.
func sigOf(m map[string]json.RawMessage, k string, required bool) (string, error) {
	s, ok, err := str(m, k)
	if err != nil {
		return "", err
	}
	if !ok {
		if required {
			return "", fmt.Errorf("%w: no %s", ErrMalformed, k)
		}
		return "", nil
	}
	if len(s) != SigTextLen {
		return "", fmt.Errorf("%w: %s is not %d characters", ErrMalformed, k, SigTextLen)
	}
	if _, err := enc.DecodeB64URLLen(s, identity.SignatureLen); err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrMalformed, k, err)
	}
	return s, nil
}
