package shortlink

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/invite"
)

// Steps 2–3: blobs not matching the pin are ignored unopened; one blob
// fetched from several places is one; two different matching are refused.
func TestPick(t *testing.T) {
	pin := PinOf("the blob")
	if got, err := Pick(pin, []string{"junk", "the blob", "other", "the blob"}); err != nil || got != "the blob" {
		t.Errorf("pick = %q, %v", got, err)
	}
	if _, err := Pick(pin, []string{"junk", "other"}); !errors.Is(err, ErrNoBlob) {
		t.Errorf("none: %v", err)
	}
	if _, err := Pick(pin, nil); !errors.Is(err, ErrNoBlob) {
		t.Errorf("nothing fetched: %v", err)
	}
	// Two different blobs with one pin can't be found by chance (2^-128);
	// a hash that ignores case makes "The blob" and "the blob" collide.
	folded := func(s string) [PinLen]byte { return PinOf(strings.ToLower(s)) }
	if _, err := pickBy(pin, []string{"the blob", "junk", "The blob"}, folded); !errors.Is(err, ErrTwoBlobs) {
		t.Errorf("two matching: %v", err)
	}
	if got, err := pickBy(pin, []string{"The blob", "junk", "The blob"}, folded); err != nil || got != "The blob" {
		t.Errorf("one matching twice: %q %v", got, err)
	}
}

// A role link end to end: the inviter picks S, opens its invite with the
// secret S gives, seals the invitation; the joiner parses the link, picks
// the blob among those fetched, opens it and accepts the invite with the
// same secret beside it (§7.7 step 5, §7.6).
func TestRoleLink(t *testing.T) {
	s, err := NewS(testkit.Rand(11))
	if err != nil {
		t.Fatal(err)
	}
	inv := invitation(t, "editor")
	l, blob, err := Make(s, inv, nil, []string{"wss://relay.example", "ws://localhost:8080/minca"}, testkit.Rand(12))
	if err != nil {
		t.Fatal(err)
	}
	text, err := l.String()
	if err != nil || !strings.HasSuffix(text, "@relay.example,localhost:8080/minca") {
		t.Fatalf("link %s (%v)", text, err)
	}
	got, err := ParseLink("Join the club: https://minca.app/#invite=" + text)
	if err != nil {
		t.Fatal(err)
	}
	if got.Topic() != l.Topic() {
		t.Errorf("topic differs")
	}
	// Someone holding the link leaves another blob under the topic.
	key, _ := got.SealKey()
	forged := mustSeal(t, key, Body{Invite: invitation(t, "").Wire()})
	a, err := got.Resolve([]string{forged, blob, blob})
	if err != nil {
		t.Fatal(err)
	}
	secret, _ := l.InviteSecret()
	wantDID, _ := l.InviteDID()
	if string(a.Secret) != string(secret) || a.InviteDID != wantDID || a.ViewOnly() {
		t.Errorf("accepted %+v", a.Preview())
	}
	if p := a.Preview(); p.Role != "editor" || p.RoleTitle != "Editor" || p.SpaceName != "Chess club" {
		t.Errorf("preview %+v", p)
	}
	if _, err := got.Resolve([]string{forged}); !errors.Is(err, ErrNoBlob) {
		t.Errorf("only a forged blob: %v", err)
	}
}

// A view-only link carries no secret beside its invitation; a link whose
// blob opens to an invitation that does not check out is refused as a long
// invite would be.
func TestViewOnlyAndBadInvitationLinks(t *testing.T) {
	s, _ := NewS(testkit.Rand(21))
	l, blob, err := Make(s, invitation(t, ""), nil, nil, testkit.Rand(22))
	if err != nil {
		t.Fatal(err)
	}
	a, err := l.Resolve([]string{blob})
	if err != nil || !a.ViewOnly() || a.Secret != nil {
		t.Fatalf("view-only link: %v %+v", err, a)
	}
	w := invitation(t, "editor").Wire()
	w["body"].(map[string]any)["role"] = "admin" // breaks its body hash
	key, _ := l.SealKey()
	bad := mustSeal(t, key, Body{Invite: w})
	l.Pin = PinOf(bad)
	if _, err := l.Resolve([]string{bad}); invite.ReasonOf(err) != invite.ReasonLoose {
		t.Errorf("tampered invitation: %v", err)
	}
}
