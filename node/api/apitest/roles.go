package apitest

import (
	"context"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// testAssignUnknownRole: a role the space does not define is refused,
// naming the roles there are, and nothing is written (03 §2.4).
func testAssignUnknownRole(t *testing.T, cfg Config) {
	n, _ := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	for _, call := range []struct {
		what string
		do   func(context.Context, string, string, string) error
	}{{"assign", n.Assign}, {"unassign", n.Unassign}} {
		err := call.do(ctx, s.ID, other, "nosuchrole")
		wantCode(t, call.what+" nosuchrole", err, api.CodeInvalid)
		if msg := err.Error(); !strings.Contains(msg, "nosuchrole") || !strings.Contains(msg, "admin, member") {
			t.Fatalf("%s: %q does not name the role and the space's roles", call.what, msg)
		}
	}
	if h := must[[]api.AccessChange](t, "History")(n.History(ctx, s.ID)); len(h) != 0 {
		t.Fatalf("refused assignments were written: %+v", h)
	}
	if err := n.Assign(ctx, s.ID, other, "member"); err != nil {
		t.Fatalf("assign a role the space has: %v", err)
	}
}
