package note

import (
	"fmt"
	"io"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/policy"
)

// NonceBytes is how many random bytes Make puts in a nonce.
const NonceBytes = 12

// Grant is what a new note grants, and for how long.
type Grant struct {
	Aud  string        // the key delegated to
	Cmd  string        // e.g. CmdAll, CmdRecord
	Pol  policy.Policy // the zero Policy for none
	Exp  *int64        // seconds since 1970; nil for no expiry
	Nbf  *int64        // nil to leave out
	Meta map[string]any
}

// Make writes and signs a note from account to g.Aud; rnd gives the nonce.
func Make(account *identity.KeyPair, g Grant, rnd io.Reader) (*Note, error) {
	nonce := make([]byte, NonceBytes)
	if _, err := io.ReadFull(rnd, nonce); err != nil {
		return nil, fmt.Errorf("make note: nonce: %w", err)
	}
	p := map[string]any{
		MemberIss: account.DID(), MemberAud: g.Aud, MemberSub: account.DID(),
		MemberCmd: g.Cmd, MemberPol: g.Pol.Raw(), MemberNonce: enc.B64URL(nonce), MemberExp: nil,
	}
	if g.Exp != nil {
		p[MemberExp] = *g.Exp
	}
	if g.Nbf != nil {
		p[MemberNbf] = *g.Nbf
	}
	if g.Meta != nil {
		p[MemberMeta] = g.Meta
	}
	return Sign(account, p)
}

// Sign signs a payload as account and reads it back as a Note, so what
// Sign returns is exactly what a peer will parse.
func Sign(account *identity.KeyPair, payload map[string]any) (*Note, error) {
	msg, err := SigningBytes(payload)
	if err != nil {
		return nil, fmt.Errorf("sign note: %w", err)
	}
	sig, err := account.Sign(msg)
	if err != nil {
		return nil, fmt.Errorf("sign note: %w", err)
	}
	n, err := Parse(map[string]any{"type": Type, "payload": normalise(payload), "sig": enc.B64URL(sig)})
	if err != nil {
		return nil, fmt.Errorf("sign note: %w", err)
	}
	return n, nil
}

// normalise turns Go integers into the float64 a parser gives.
func normalise(p map[string]any) map[string]any {
	out := make(map[string]any, len(p))
	for k, v := range p {
		if i, ok := v.(int64); ok {
			v = float64(i)
		}
		out[k] = v
	}
	return out
}
