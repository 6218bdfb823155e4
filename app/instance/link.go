package instance

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/shortlink"
)

// Scheme is the URL scheme Minca registers (build/linux/minca.desktop,
// build/darwin/Info.plist, build/windows/minca-url.reg): the desktop starts
// `minca minca:…` when someone opens such a link.
const Scheme = "minca"

// MaxLinkLen bounds a link: the longest invite a reader parses (03 §7.4,
// invite.MaxInviteLen) and room for a scheme, host and path around it.
const MaxLinkLen = invite.MaxInviteLen + 4096

// Why a link is refused; callers branch with errors.Is.
var (
	// ErrNotLink: neither a minca: link nor an http(s) link carrying an invite.
	ErrNotLink = errors.New("not a minca: link or an invite link")
	// ErrNoInvite: the link's scheme is right but it carries no readable invite.
	ErrNoInvite = errors.New("the link carries no readable invite")
)

// Link is a link Minca accepts, read and checked.
type Link struct {
	// Invite is the invite the link carries, bare: a short link (03 §7.7)
	// or a long invite (03 §7.4), as api.Node's PreviewInvite and Join
	// take it.
	Invite string
	// Short says whether Invite is a short link.
	Short bool
	// From is the inviter's name the link carries after the invite
	// (invite.From: a claim nothing checks), "" for none.
	From string
}

// Pasted is the invite as the Join screen's field takes it: Invite, and
// the inviter's name after it when the link carries one (invite.WithFrom).
func (l Link) Pasted() string { return invite.WithFrom(l.Invite, l.From) }

// ParseLink reads a link someone opened. Accepted, with surrounding white
// space trimmed:
//
//	minca:<invite>  minca://<invite>          the invite itself
//	minca:…#invite=<invite>  (also ?invite=, &invite=; 03 §7.4)
//	https://…#invite=<invite>  http://… likewise: invite links on the web
//
// The invite must be a short link (shortlink.ParseLink) or pass 03 §7.6
// step 1 (invite.Parse); anything else is refused with ErrNotLink or
// ErrNoInvite, wrapped with the reason.
func ParseLink(s string) (Link, error) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	if len(s) > MaxLinkLen {
		return Link{}, fmt.Errorf("%w: %d bytes, at most %d", ErrNotLink, len(s), MaxLinkLen)
	}
	if !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return Link{}, fmt.Errorf("%w: it holds control characters or invalid UTF-8", ErrNotLink)
	}
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok {
		return Link{}, fmt.Errorf("%w: no scheme", ErrNotLink)
	}
	var l Link
	var err error
	switch strings.ToLower(scheme) {
	case Scheme:
		l, err = readInvite(carried(rest))
	case "https", "http":
		if !hasMarker(rest) {
			return Link{}, fmt.Errorf("%w: a web link without #invite=", ErrNotLink)
		}
		l, err = readInvite(invite.Extract(rest))
	default:
		return Link{}, fmt.Errorf("%w: scheme %q", ErrNotLink, truncate(scheme, 16))
	}
	if err != nil {
		return Link{}, err
	}
	l.From = invite.From(rest)
	return l, nil
}

// carried is the invite after "minca:": the value of an invite marker when
// there is one, else the rest without a leading "//", up to its first '&'
// (parameters such as the inviter's name follow it: invite.From).
func carried(rest string) string {
	if hasMarker(rest) {
		return invite.Extract(rest)
	}
	v, _, _ := strings.Cut(strings.TrimPrefix(rest, "//"), "&")
	return v
}

// hasMarker reports whether s holds #invite=, ?invite= or &invite=.
func hasMarker(s string) bool {
	for _, m := range []string{"#invite=", "?invite=", "&invite="} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// readInvite checks that inv is a short link or a long invite. A long
// invite is never 43 characters and never holds '@' (shortlink's doc), so
// trying the short form first decides.
func readInvite(inv string) (Link, error) {
	if inv == "" {
		return Link{}, fmt.Errorf("%w: it is empty", ErrNoInvite)
	}
	if i := strings.IndexFunc(inv, notInInvite); i >= 0 {
		return Link{}, fmt.Errorf("%w: %q inside", ErrNoInvite, inv[i:i+1])
	}
	if _, err := shortlink.ParseLink(inv); err == nil {
		return Link{Invite: inv, Short: true}, nil
	}
	if _, err := invite.Parse(inv); err != nil {
		return Link{}, fmt.Errorf("%w: %w", ErrNoInvite, err)
	}
	return Link{Invite: inv}, nil
}

// notInInvite: characters no invite holds (base64url, '.', and a short
// link's '@', ',' and places), but which would start another part of a
// link; refusing them makes Link.String read back the same.
func notInInvite(r rune) bool { return r == '#' || r == '?' || r == '&' || unicode.IsSpace(r) }

// String is the link in Minca's own form, minca:<invite>[&from=<name>],
// which ParseLink reads back to the same Link.
func (l Link) String() string { return Scheme + ":" + l.Pasted() }

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
