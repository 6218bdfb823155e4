package instance

import (
	"errors"
	"strings"
)

// ErrHandedOff: another instance of the profile runs and now has the link
// (or was asked to show itself); the caller has nothing left to do and
// exits 0.
var ErrHandedOff = errors.New("instance: handed over to the running Minca")

// IsLinkArg reports whether a command-line argument is a link to open
// rather than a command: a minca: link, as the desktop passes one to
// `minca %u`, or an invite link on the web as Minca hands them out
// (https://minca.dev/join#invite=…, also ?invite= and &invite=, 03 §7.4),
// which a browser or another app may pass on. ParseLink then reads it, and
// refuses a bad invite in either as it does a minca: one.
func IsLinkArg(arg string) bool {
	scheme, rest, ok := strings.Cut(arg, ":")
	if !ok {
		return false
	}
	switch strings.ToLower(scheme) {
	case Scheme:
		return true
	case "https", "http":
		return hasMarker(rest)
	}
	return false
}

// WebLinkHint says why a web link given as a command is neither: "" for an
// argument that is no http(s) link.
func WebLinkHint(arg string) string {
	scheme, _, ok := strings.Cut(arg, ":")
	if !ok || IsLinkArg(arg) || (!strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "http")) {
		return ""
	}
	return "a web link opens Minca only when it is an invite link (https://minca.dev/join#invite=…)"
}

// Open is how a window starts. link is the link it was launched with, or
// "" for none; a bad link is refused (ParseLink's errors) before anything
// else. When another instance of the profile runs, Open hands the link
// over (or, with no link, asks it to show itself) and returns
// ErrHandedOff; a running instance that shows no window (`minca ui`) makes
// way for a plain launch instead, and for a link launch while nothing
// shows its links (ErrYielded), and Open tries again to become the
// instance. Otherwise this process becomes the instance, and a
// link it was launched with goes to cfg.OnLink like any handed-over one,
// once the instance listens.
func Open(cfg Config, link string) (*Instance, error) {
	var l Link
	if link != "" {
		var err error
		if l, err = ParseLink(link); err != nil {
			return nil, err
		}
	}
	for range openTries { // the other may exit, or make way, between Listen and the hand-off
		in, err := Listen(cfg)
		if err == nil {
			if link != "" && cfg.OnLink != nil {
				go cfg.OnLink(l.Pasted())
			}
			return in, nil
		}
		if !errors.Is(err, ErrRunning) {
			return nil, err
		}
		if link != "" {
			err = HandOff(cfg, link)
		} else {
			err = Activate(cfg)
		}
		if err == nil {
			return nil, ErrHandedOff
		}
		if !errors.Is(err, ErrNotRunning) && !errors.Is(err, ErrYielded) {
			return nil, err
		}
	}
	return nil, ErrRunning
}

// openTries bounds Open's rounds of Listen and hand-off: a few, for an
// instance that exits or makes way meanwhile, and a third launch that
// wins the lock in between.
const openTries = 3
