package handshake

import (
	"fmt"
	"io"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// ClientMessage is H of 04 §6.1, the bytes the client's session key (and, in a
// private space, its read keys) sign:
//
//	"minca/peer/v3|client|" + spaceId + "|" + clientDid + "|" + nodeDid + "|" + Nₛ
func ClientMessage(spaceID, clientDID, nodeDID, serverNonce string) ([]byte, error) {
	if !enc.IsCID(spaceID) {
		return nil, fmt.Errorf("%w: space id %q", ErrMalformed, spaceID)
	}
	return []byte(LabelPeer + "|client|" + spaceID + "|" + clientDID + "|" + nodeDID + "|" + serverNonce), nil
}

// ServerMessage is W of 04 §6.1, the bytes the node's session key signs:
//
//	"minca/peer/v3|server|" + spaceId + "|" + nodeDid + "|" + N꜀
func ServerMessage(spaceID, nodeDID, clientNonce string) ([]byte, error) {
	if !enc.IsCID(spaceID) {
		return nil, fmt.Errorf("%w: space id %q", ErrMalformed, spaceID)
	}
	return []byte(LabelPeer + "|server|" + spaceID + "|" + nodeDID + "|" + clientNonce), nil
}

// NewNonce reads a fresh 16-byte nonce from rnd, base64url (04 §6).
func NewNonce(rnd io.Reader) (string, error) {
	b := make([]byte, NonceLen)
	if _, err := io.ReadFull(rnd, b); err != nil {
		return "", fmt.Errorf("handshake nonce: %w", err)
	}
	return enc.B64URL(b), nil
}

// NewChallenge is the node's first frame (04 §5.3 step 1).
func NewChallenge(node *identity.KeyPair, rnd io.Reader) (*Challenge, error) {
	n, err := NewNonce(rnd)
	if err != nil {
		return nil, err
	}
	return &Challenge{Nonce: n, DID: node.DID()}, nil
}

// CheckChallenge refuses a challenge from any node but the pinned one
// (04 §5.2): a socket reaches only the node its URL names.
func CheckChallenge(c *Challenge, pin string) error {
	if c.DID != pin {
		return fmt.Errorf("%w: challenge from %s, pinned %s", ErrPin, c.DID, pin)
	}
	return nil
}

// NewHello answers challenge c for spaceID: the client's nonce from rnd, its
// signature of H, and the read proof by reader's keys when reader is not nil
// (a private space, 04 §6.3).
func NewHello(client *identity.KeyPair, spaceID string, c *Challenge, reader *Reader, rnd io.Reader) (*Hello, error) {
	msg, err := ClientMessage(spaceID, client.DID(), c.DID, c.Nonce)
	if err != nil {
		return nil, err
	}
	n, err := NewNonce(rnd)
	if err != nil {
		return nil, err
	}
	sig, err := client.Sign(msg)
	if err != nil {
		return nil, fmt.Errorf("sign hello: %w", err)
	}
	h := &Hello{DID: client.DID(), Nonce: n, Sig: enc.B64URL(sig)}
	if reader != nil {
		if h.ReadProof, err = ProveRead(msg, reader.Keys, reader.Member, reader.EarlierMembers...); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// VerifyHello checks the hello's signature of H against its DID (04 §6.1).
// The read proof is CheckRead's.
func VerifyHello(h *Hello, spaceID string, c *Challenge) error {
	msg, err := ClientMessage(spaceID, h.DID, c.DID, c.Nonce)
	if err != nil {
		return err
	}
	return verify(h.DID, msg, h.Sig, "hello")
}

// NewWelcome is the node's last frame: its signature of W over the hello's
// nonce (04 §5.3 step 3).
func NewWelcome(node *identity.KeyPair, spaceID string, h *Hello) (*Welcome, error) {
	msg, err := ServerMessage(spaceID, node.DID(), h.Nonce)
	if err != nil {
		return nil, err
	}
	sig, err := node.Sign(msg)
	if err != nil {
		return nil, fmt.Errorf("sign welcome: %w", err)
	}
	return &Welcome{DID: node.DID(), Sig: enc.B64URL(sig)}, nil
}

// VerifyWelcome checks a welcome against the challenge it follows and the
// hello the client sent: the same DID as the challenge (ErrPin otherwise),
// and a signature of W by it (04 §5.2).
func VerifyWelcome(w *Welcome, spaceID string, c *Challenge, h *Hello) error {
	if w.DID != c.DID {
		return fmt.Errorf("%w: welcome from %s after a challenge from %s", ErrPin, w.DID, c.DID)
	}
	msg, err := ServerMessage(spaceID, w.DID, h.Nonce)
	if err != nil {
		return err
	}
	return verify(w.DID, msg, w.Sig, "welcome")
}

func verify(did string, msg []byte, sig64, what string) error {
	sig, err := enc.DecodeB64URLLen(sig64, identity.SignatureLen)
	if err != nil {
		return fmt.Errorf("%w: %s sig: %v", ErrMalformed, what, err)
	}
	if err := identity.Verify(did, msg, sig); err != nil {
		return fmt.Errorf("%w: %s by %s: %v", ErrSignature, what, did, err)
	}
	return nil
}
