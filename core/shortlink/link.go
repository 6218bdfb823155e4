package shortlink

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
)

// Sizes and limits of 03 §7.7.
const (
	SLen      = 16 // S: random bytes
	PinLen    = 16 // the first bytes of SHA-256(UTF-8(blob))
	CodeLen   = 43 // base64url(S ‖ pin)
	MaxPlaces = 2  // a reader reads at most two places
)

// ErrLink is wrapped by every error about a link that does not parse.
var ErrLink = errors.New("shortlink: not a short link")

// Link is a short link: S, the pin of its sealed invite, and the places
// (relay URLs, with their schemes) it names.
type Link struct {
	S      [SLen]byte
	Pin    [PinLen]byte
	Places []string
}

// NewS reads a fresh S from rnd, which must be a CSPRNG.
func NewS(rnd io.Reader) ([SLen]byte, error) {
	var s [SLen]byte
	if _, err := io.ReadFull(rnd, s[:]); err != nil {
		return s, fmt.Errorf("short link S: %w: %w", identity.ErrRandom, err)
	}
	return s, nil
}

// Code is base64url(S ‖ pin), 43 characters.
func (l Link) Code() string { return enc.B64URL(append(l.S[:], l.Pin[:]...)) }

// InviteSecret is HKDF-SHA256(S, "minca/invite-link/v1|secret", 32): the
// invite secret of §7.1 a role link's invite record is opened with.
func (l Link) InviteSecret() ([]byte, error) { return identity.InviteLinkSecret(l.S[:]) }

// SealKey is HKDF-SHA256(S, "minca/invite-link/v1|seal", 32).
func (l Link) SealKey() ([]byte, error) { return identity.InviteLinkSealKey(l.S[:]) }

// Topic is the mailbox topic the sealed invite is left under:
// base64url(SHA-256(UTF-8("minca/invite-topic/v1|" + base64url(pin)))).
func (l Link) Topic() string { return identity.InviteTopic(l.Pin[:]) }

// InviteDID is the invite DID the link's invite secret stands for (§7.1):
// the record a role link opens, and the one to close to end it (§7.6).
func (l Link) InviteDID() (string, error) {
	secret, err := l.InviteSecret()
	if err != nil {
		return "", err
	}
	return invite.DID(secret)
}

// String writes the link: code [ "@" place [ "," place ] ]. Each place is
// written as Place writes it; a place Place refuses is an error.
func (l Link) String() (string, error) {
	if len(l.Places) > MaxPlaces {
		return "", fmt.Errorf("%w: %d places, at most %d", ErrLink, len(l.Places), MaxPlaces)
	}
	parts := make([]string, 0, len(l.Places))
	for _, u := range l.Places {
		p, err := Place(u)
		if err != nil {
			return "", err
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return l.Code(), nil
	}
	return l.Code() + "@" + strings.Join(parts, ","), nil
}

// ParseLink reads a short link, bare or inside a longer string as an
// invite is found (invite.Extract). The code must be 43 characters of
// canonical base64url; of the places, the first two are read, and one that
// is not valid percent-encoding or fails checkRelays (§10) is ignored.
func ParseLink(s string) (Link, error) {
	v := invite.Extract(s)
	code, places, hasPlaces := strings.Cut(v, "@")
	var l Link
	if len(code) != CodeLen {
		return l, fmt.Errorf("%w: code is %d characters, not %d", ErrLink, len(code), CodeLen)
	}
	b, err := enc.DecodeB64URLLen(code, SLen+PinLen)
	if err != nil {
		return l, fmt.Errorf("%w: code: %w", ErrLink, err)
	}
	copy(l.S[:], b[:SLen])
	copy(l.Pin[:], b[SLen:])
	if !hasPlaces {
		return l, nil
	}
	for i, p := range strings.Split(places, ",") {
		if i == MaxPlaces {
			break
		}
		if u, err := URLOf(p); err == nil {
			l.Places = append(l.Places, u)
		}
	}
	return l, nil
}
