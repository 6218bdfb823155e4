package shortlink

import (
	"errors"
	"fmt"
	"io"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
)

// Why fetched blobs give no invite (§7.7 reading, steps 2–3).
var (
	ErrNoBlob   = errors.New("shortlink: no fetched blob matches the pin")
	ErrTwoBlobs = errors.New("shortlink: two different blobs match the pin")
)

// Pick is steps 2 and 3 of reading a link: of every blob fetched from
// every place, it ignores, unopened, those whose hash does not start with
// pin, and refuses the link when two different blobs match (ErrTwoBlobs).
// The same blob fetched twice is one blob. None matching is ErrNoBlob.
func Pick(pin [PinLen]byte, blobs []string) (string, error) {
	return pickBy(pin, blobs, PinOf)
}

// pickBy is Pick with the pin of a blob given by pinOf.
func pickBy(pin [PinLen]byte, blobs []string, pinOf func(string) [PinLen]byte) (string, error) {
	found, ok := "", false
	for _, b := range blobs {
		if pinOf(b) != pin {
			continue
		}
		if ok && b != found {
			return "", ErrTwoBlobs
		}
		found, ok = b, true
	}
	if !ok {
		return "", ErrNoBlob
	}
	return found, nil
}

// Make seals an invitation for a new short link (§7.7): the caller chose S
// (NewS) and, for a role link, opened the invite record with the invite
// secret S gives (Link.InviteSecret) before making the invitation. It gives
// the link, naming places, and the blob to leave under its topic.
func Make(s [SLen]byte, invitation *record.Version, until *int64, places []string, rnd io.Reader) (Link, string, error) {
	l := Link{S: s, Places: places}
	key, err := l.SealKey()
	if err != nil {
		return Link{}, "", err
	}
	blob, err := Seal(key, Body{Invite: invitation.Wire(), Until: until}, rnd)
	if err != nil {
		return Link{}, "", err
	}
	l.Pin = PinOf(blob)
	if _, err := l.String(); err != nil {
		return Link{}, "", err
	}
	return l, blob, nil
}

// Resolve reads a link from the blobs fetched for its topic (§7.7 steps
// 2–5): it picks the one matching the pin, opens it, puts the invite
// secret beside the invitation when its body names a role, and goes on as
// for a long invite (invite.Accept, 03 §7.6), which checks the invitation
// like any other.
func (l Link) Resolve(blobs []string) (*invite.Accepted, error) {
	blob, err := Pick(l.Pin, blobs)
	if err != nil {
		return nil, err
	}
	key, err := l.SealKey()
	if err != nil {
		return nil, err
	}
	body, err := OpenBlob(key, blob)
	if err != nil {
		return nil, err
	}
	var secret []byte
	if namesRole(body.Invite) {
		if secret, err = l.InviteSecret(); err != nil {
			return nil, fmt.Errorf("short link: %w", err)
		}
	}
	return invite.Accept(body.Invite, secret)
}

// namesRole says the invitation's body has a role member.
func namesRole(inv map[string]any) bool {
	body, _ := inv["body"].(map[string]any)
	_, ok := body[invite.BodyRole]
	return ok
}
