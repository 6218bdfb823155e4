package api

import (
	"regexp"
	"strings"
	"testing"
)

// InviteWhy says what is wrong with a refused link in a sentence free of
// the protocol's words, for every reason core/invite gives a link, and
// nothing for any other error.
func TestInviteWhy(t *testing.T) {
	jargon := []string{"§", "03 ", "base64", "did:key", "invitation", "parse", "cjson", "bodyHash", "sys."}
	sentence := regexp.MustCompile(`^[A-Z].*\.$`)
	for _, tt := range []struct{ reason, want string }{
		{"invite-parse", "The link is not whole"},
		{"invite-loose", "signature"},
		{"invite-space", "description is damaged"},
		{"invite-a-new-one", "cannot be used as it is"},
	} {
		if got := InviteWhy(tt.reason); !strings.Contains(got, tt.want) {
			t.Errorf("InviteWhy(%q) = %q, want it to say %q", tt.reason, got, tt.want)
		}
	}
	for _, r := range []string{"parse", "too-long", "secret", "no-secret", "loose", "note", "body", "key", "role", "lists", "not-allowed", "space", "public-key", "unreadable"} {
		w, ok := inviteWhy[r]
		if !ok || !sentence.MatchString(w) {
			t.Errorf("reason %s: %q", r, w)
		}
		for _, j := range jargon {
			if strings.Contains(w, j) {
				t.Errorf("reason %s says %q", r, j)
			}
		}
	}
	for _, r := range []string{"", "no-grant", ReasonNoKey} {
		if got := InviteWhy(r); got != "" {
			t.Errorf("InviteWhy(%q) = %q, want nothing", r, got)
		}
	}
}

// A refused link's headline by its reason: cut short or no link, a space
// this version cannot read, else a link that does not hold together; a
// refusal with no reason of its own reads as "parse".
func TestInviteHeadline(t *testing.T) {
	for r, want := range map[string]string{"": InviteCut, "parse": InviteCut, "too-long": InviteCut, "secret": InviteCut,
		"no-secret": InviteCut, "unreadable": InviteCut, "space": InviteUnreadable, "loose": InviteBroken, "not-allowed": InviteBroken} {
		if got := InviteHeadline(InviteReason(r)); got != want {
			t.Errorf("reason %q: %q, want %q", r, got, want)
		}
	}
	if InviteReason("") != "invite-parse" || InviteReason("loose") != "invite-loose" {
		t.Errorf("InviteReason: %q %q", InviteReason(""), InviteReason("loose"))
	}
}
