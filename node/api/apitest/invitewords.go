package apitest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/node/api"
)

// Words the technical reason of a refused invite uses, which a person
// should never be shown as the message (03 §7.6's rules, base64url).
var inviteJargon = []string{"§", "03 ", "base64", "parse", "invite refused", "sys."}

// wantSentence checks a refusal reads as a sentence for people: its
// message starts with want's opening words, holds no jargon, and the
// technical reason is kept in Detail (holding detail).
func wantSentence(t *testing.T, what string, err error, code api.Code, want, detail string) {
	t.Helper()
	wantCode(t, what, err, code)
	var ae *api.Error
	errors.As(err, &ae)
	if !strings.HasPrefix(ae.Message, want) {
		t.Fatalf("%s: message %q, want it to start %q", what, ae.Message, want)
	}
	for _, j := range inviteJargon {
		if strings.Contains(ae.Message, j) {
			t.Fatalf("%s: message %q holds %q", what, ae.Message, j)
		}
	}
	if !strings.Contains(ae.Detail, detail) {
		t.Fatalf("%s: detail %q, want it to hold %q", what, ae.Detail, detail)
	}
}

// testInviteWords: PreviewInvite and Join answer a link that is no invite,
// or is cut short, with a sentence saying so and the refusal's reason in
// Detail; a changed link with another; and a join with a closed invite
// says it was closed. Nothing is joined.
func testInviteWords(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, _ := withAccount(t, cfg, "Alice")
	bob, _ := withAccount(t, cfg, "Bob")
	s := must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	inv := must[api.Invite](t, "role invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))

	const cut = "This is not a Minca invite link, or it was cut short"
	// The invite without the inviter's name after it (docs/spec/03-choices.md):
	// cutting only the name leaves a link that still works.
	bare, _, _ := strings.Cut(inv.Link, "&")
	for name, link := range map[string]string{
		"cut short":        bare[:len(bare)-10],
		"not a link":       "hello",
		"a bad base64":     inv.Link[:len(inv.Link)/2] + "!!" + inv.Link[len(inv.Link)/2+2:],
		"no invite at all": "https://example.com/join#invite=",
	} {
		_, err := bob.PreviewInvite(ctx, link)
		wantSentence(t, "preview, "+name, err, api.CodeInvalid, cut, "invite refused")
		wantReason(t, "preview, "+name, err, api.ReasonInvite+"parse")
		_, err = bob.Join(ctx, link)
		wantSentence(t, "join, "+name, err, api.CodeInvalid, cut, "invite refused")
	}
	// One character of what the link says changed: it no longer matches
	// its signature, and the reason says so for the page's plain words.
	changed := renamed(t, inv.Link, "Team", "Tean")
	_, err := bob.PreviewInvite(ctx, changed)
	wantSentence(t, "preview, one character changed", err, api.CodeInvalid, "This invite link does not hold together", "loose")
	wantReason(t, "preview, one character changed", err, api.ReasonInvite+"loose")
	if err := alice.CloseInvite(ctx, s.ID, inv.Key); err != nil {
		t.Fatalf("close invite: %v", err)
	}
	p := must[api.InvitePreview](t, "preview of a closed invite")(bob.PreviewInvite(ctx, inv.Link))
	if p.SpaceID != s.ID {
		t.Fatalf("preview %+v", p)
	}
	_, err = bob.Join(ctx, inv.Link)
	wantSentence(t, "join with a closed invite", err, api.CodeForbidden, "This invite was closed", "closed")
}

// wantReason checks a refused link's error carries reason, by which a page
// and the command line say in plain words what is wrong (api.InviteWhy).
func wantReason(t *testing.T, what string, err error, reason string) {
	t.Helper()
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Reason != reason {
		t.Fatalf("%s: %#v, want reason %q", what, err, reason)
	}
}

// renamed is link with from changed to to in the invitation it carries,
// encoded again as a link would be: it reads, but no longer matches what
// was signed.
func renamed(t *testing.T, link, from, to string) string {
	t.Helper()
	const marker = "#invite="
	at := strings.Index(link, marker)
	if at < 0 {
		t.Fatalf("no %q in %s", marker, link)
	}
	head, rest := link[:at+len(marker)], link[at+len(marker):]
	text, tail, _ := strings.Cut(rest, ".")
	raw, err := enc.DecodeB64URL(text)
	if err != nil {
		t.Fatal(err)
	}
	q := func(s string) []byte { return []byte(`"` + s + `"`) }
	if bytes.Count(raw, q(from)) != 1 {
		t.Fatalf("%q is not once in %s", from, raw)
	}
	return head + enc.B64URL(bytes.Replace(raw, q(from), q(to), 1)) + "." + tail
}
