package cli

import (
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// A join whose space is synced and names no invite for the link says so,
// with how to cancel; one that waits says whose computer it waits for.
func TestPrintJoinedNotFound(t *testing.T) {
	s := api.SpaceSummary{ID: "s1", Name: "Garden club", Joining: &api.Joining{InviterName: "Ana", Role: "member"}}
	var b strings.Builder
	printJoined(&b, s)
	if out := b.String(); !strings.Contains(out, "waiting for Ana's computer") || strings.Contains(out, "no invite matching") {
		t.Fatalf("a join that waits: %q", out)
	}
	s.Joining.NotFound = true
	b.Reset()
	printJoined(&b, s)
	out := b.String()
	for _, want := range []string{"Ana's computer is connected, but it has no invite matching this link.", "The link may be damaged — ask Ana to send it again — or the invite was never opened.", "minca space leave s1"} {
		if !strings.Contains(out, want) {
			t.Fatalf("a join whose invite is not found: %q, want %q", out, want)
		}
	}
	if strings.Contains(out, "waiting for") {
		t.Fatalf("a join whose invite is not found still says it waits: %q", out)
	}
}
