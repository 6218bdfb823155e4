package apitest

import (
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

// other is a well-formed account that belongs to no node of the test.
const other = "did:key:zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169"

func testMembers(t *testing.T, cfg Config) {
	n, _ := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	if err := n.Assign(ctx, s.ID, other, "member"); err != nil {
		t.Fatalf("assign: %v", err)
	}
	ms := must[[]api.Member](t, "Members")(n.Members(ctx, s.ID))
	if i := slices.IndexFunc(ms, func(m api.Member) bool { return m.DID == other }); i < 0 || !slices.Equal(ms[i].Roles, []string{"member"}) {
		t.Fatalf("after assign: %+v", ms)
	}
	if err := n.Unassign(ctx, s.ID, other, "member"); err != nil {
		t.Fatalf("unassign: %v", err)
	}
	if ms := must[[]api.Member](t, "Members")(n.Members(ctx, s.ID)); len(ms) != 1 {
		t.Fatalf("after unassign: %+v", ms)
	}
	def := api.RoleDefinition{Name: "editor", Title: "Editors write notes.", Grants: []api.Grant{{Cmd: "/record/write"}}}
	if err := n.DefineRole(ctx, s.ID, def); err != nil {
		t.Fatalf("define role: %v", err)
	}
	d := must[api.SpaceDetail](t, "Space")(n.Space(ctx, s.ID))
	if !slices.ContainsFunc(d.RoleTemplates, func(r api.RoleInfo) bool { return r.Name == "editor" && !r.Founding }) {
		t.Fatalf("defined role not shown: %+v", d.RoleTemplates)
	}
	wantCode(t, "remove a non-member", n.RemoveMember(ctx, s.ID, other), api.CodeNotFound)
	h := must[[]api.AccessChange](t, "History")(n.History(ctx, s.ID))
	var kinds []string
	for _, c := range h {
		if c.Summary == "" || c.Author == "" || c.CreatedAt.IsZero() {
			t.Fatalf("history line %+v", c)
		}
		kinds = append(kinds, c.Kind+":"+c.Status)
	}
	for _, want := range []string{"assign:applied", "role:applied"} {
		if !slices.Contains(kinds, want) {
			t.Fatalf("history %v lacks %s", kinds, want)
		}
	}
	if got := fmt.Sprint(len(h)); got != "3" {
		t.Fatalf("history has %s changes, want 3 (assign, unassign, define): %v", got, kinds)
	}
	if err := n.StepDown(ctx, s.ID); err != nil {
		t.Fatalf("step down: %v", err)
	}
	if sum := must[api.SpaceDetail](t, "Space")(n.Space(ctx, s.ID)); sum.Founder {
		t.Fatalf("still founder after stepping down: %+v", sum.SpaceSummary)
	}
}

func testWatch(t *testing.T, cfg Config) {
	n, _ := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	ch, err := n.Watch(ctx)
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	seen := map[string]bool{}
	for !(seen["status"] && seen["spaces"] && seen["sync"] && seen["account"]) {
		e, ok := <-ch
		if !ok {
			t.Fatalf("stream ended during the snapshot; saw %v", seen)
		}
		seen[e.Kind] = true
	}
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Watched", Template: "team"}))
	for {
		e, ok := <-ch
		if !ok {
			t.Fatal("stream ended before the delta")
		}
		if e.Kind == "spaces" {
			b := fmt.Sprint(e.Data)
			if len(b) > 0 && contains(b, s.ID) {
				return
			}
		}
	}
}

func contains(s, sub string) bool { return len(sub) > 0 && len(s) >= len(sub) && indexOf(s, sub) >= 0 }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
