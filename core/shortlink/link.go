package shortlink

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/space"
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

// schemeRE says a place names its scheme.
var schemeRE = regexp.MustCompile(`^[a-z][a-z0-9+.-]*://`)

// Place writes a relay URL as a link's place (§7.7): without its scheme
// when the scheme is the one a scheme-less place means (wss://, or ws://
// on localhost, 127.0.0.1 or [::1]), and with %, @, ",", #, & and white
// space percent-encoded. The URL must pass checkRelays.
func Place(url string) (string, error) {
	if !space.IsRelay(url) {
		return "", fmt.Errorf("%w: %q is not a relay URL", ErrLink, url)
	}
	p := url
	if rest, ok := strings.CutPrefix(url, "wss://"); ok && !loopback(rest) {
		p = rest
	} else if rest, ok := strings.CutPrefix(url, "ws://"); ok && loopback(rest) {
		p = rest
	}
	return escape(p), nil
}

// URLOf reads a place as a relay URL (§7.7): percent-decoded, and without
// a scheme meaning wss://, or ws:// when the host is localhost, 127.0.0.1
// or [::1]. The URL must pass checkRelays.
func URLOf(place string) (string, error) {
	p, err := unescape(place)
	if err != nil {
		return "", err
	}
	if !schemeRE.MatchString(p) {
		if loopback(p) {
			p = "ws://" + p
		} else {
			p = "wss://" + p
		}
	}
	if !space.IsRelay(p) {
		return "", fmt.Errorf("%w: place %q is not a relay URL", ErrLink, place)
	}
	return p, nil
}

// loopback says a scheme-less place (or a URL after its scheme) names
// localhost, 127.0.0.1 or [::1], with or without a port.
func loopback(rest string) bool {
	host := rest
	if strings.HasPrefix(rest, "[") {
		if end := strings.IndexByte(rest, ']'); end >= 0 {
			host = rest[:end+1]
		}
	} else if end := strings.IndexAny(rest, "/:?#"); end >= 0 {
		host = rest[:end]
	}
	return host == "localhost" || host == "127.0.0.1" || host == "[::1]"
}

// escape percent-encodes %, @, ",", #, & and white space (every UTF-8 byte
// of a white-space character).
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("%@,#&", r) || unicode.IsSpace(r) {
			var buf [utf8.UTFMax]byte
			for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
				fmt.Fprintf(&b, "%%%02X", c)
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unescape decodes %XX escapes; a '%' not followed by two hex digits, or a
// result that is not UTF-8, is an error.
func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", fmt.Errorf("%w: bad percent-encoding in %q", ErrLink, s)
		}
		b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return "", fmt.Errorf("%w: %q does not decode to UTF-8", ErrLink, s)
	}
	return b.String(), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
