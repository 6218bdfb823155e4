package apitest

import (
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/node/api"
)

func testSpaces(t *testing.T, cfg Config) {
	n, acc := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	if got := must[[]api.SpaceSummary](t, "Spaces")(n.Spaces(ctx)); len(got) != 0 {
		t.Fatalf("a new account holds %d spaces", len(got))
	}
	for _, tpl := range []string{"team", "club", "notebook"} {
		s, err := n.CreateSpace(ctx, api.CreateSpace{Name: "My " + tpl, Template: tpl})
		if err != nil {
			t.Fatalf("create %s: %v", tpl, err)
		}
		if !s.Founder || len(s.Roles) == 0 || s.Members != 1 || s.Name != "My "+tpl {
			t.Fatalf("%s: summary %+v", tpl, s)
		}
		d := must[api.SpaceDetail](t, "Space")(n.Space(ctx, s.ID))
		if len(d.RoleTemplates) == 0 {
			t.Fatalf("%s: no roles shown", tpl)
		}
		for _, r := range d.RoleTemplates {
			if !r.Founding || r.Title == "" || len(r.Commands) == 0 {
				t.Fatalf("%s: role %+v", tpl, r)
			}
		}
	}
	list := must[[]api.SpaceSummary](t, "Spaces")(n.Spaces(ctx))
	if len(list) != 3 {
		t.Fatalf("%d spaces listed, want 3", len(list))
	}
	ms := must[[]api.Member](t, "Members")(n.Members(ctx, list[0].ID))
	if len(ms) != 1 || ms[0].DID != acc.Account.DID || !ms[0].Self || !ms[0].Founder || ms[0].ProfileName != "Alice" {
		t.Fatalf("members of a new space: %+v", ms)
	}
	if err := n.LeaveSpace(ctx, list[0].ID); err != nil {
		t.Fatalf("leave: %v", err)
	}
	after := must[[]api.SpaceSummary](t, "Spaces")(n.Spaces(ctx))
	if len(after) != 2 || slices.ContainsFunc(after, func(s api.SpaceSummary) bool { return s.ID == list[0].ID }) {
		t.Fatalf("after leaving: %+v", after)
	}
	_, err := n.Space(ctx, list[0].ID)
	wantCode(t, "Space after leaving", err, api.CodeNotFound)
}

func testBadInput(t *testing.T, cfg Config) {
	n, _ := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	cases := []struct {
		name string
		err  error
		code api.Code
	}{
		{"unknown template", second(n.CreateSpace(ctx, api.CreateSpace{Name: "x", Template: "orchestra"})), api.CodeInvalid},
		{"malformed space id", second(n.Space(ctx, "not a space")), api.CodeInvalid},
		{"unknown space", second(n.Members(ctx, enc.CID([]byte("no such space")))), api.CodeNotFound},
		{"malformed did", n.Assign(ctx, s.ID, "bob", "member"), api.CodeInvalid},
		{"malformed role", n.Assign(ctx, s.ID, "did:key:zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169", "Not A Role!"), api.CodeInvalid},
		{"bad link", second(n.PreviewInvite(ctx, "https://example.com/#invite=garbage")), api.CodeInvalid},
		{"bad join link", second(n.Join(ctx, "nonsense")), api.CodeInvalid},
		{"sys collection write", second(n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "sys.role", Body: map[string]any{}})), api.CodeInvalid},
		{"bad collection", second(n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "Bad Name!", Body: 1.0})), api.CodeInvalid},
		{"invite both role and view-only", second(n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member", ViewOnly: true})), api.CodeInvalid},
		{"relative folder", second(n.SetFolder(ctx, api.SetFolder{Path: "rel/path", Mode: "use"})), api.CodeInvalid},
	}
	for _, c := range cases {
		wantCode(t, c.name, c.err, c.code)
	}
	if got := must[[]api.Member](t, "Members")(n.Members(ctx, s.ID)); len(got) != 1 {
		t.Fatalf("bad input changed the members: %+v", got)
	}
}

func second[T any](_ T, err error) error { return err }

func testRecords(t *testing.T, cfg Config) {
	n, acc := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Notes", Template: "notebook"}))
	var keys []string
	for i := range 3 {
		if _, err := n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.notes", Body: map[string]any{"n": float64(i)}}); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
	}
	rs := must[[]api.Record](t, "Records")(n.Records(ctx, s.ID, "app.notes"))
	if len(rs) != 3 {
		t.Fatalf("%d records, want 3", len(rs))
	}
	for _, r := range rs {
		if r.Author != acc.Account.DID || r.Body == nil || r.Seq != 0 || r.Standing != "stands" {
			t.Fatalf("record %+v", r)
		}
		keys = append(keys, r.Key)
	}
	id, err := n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.notes", Key: keys[0], Body: map[string]any{"n": "edited"}})
	if err != nil {
		t.Fatalf("edit: %v", err)
	}
	if _, err := n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.notes", Key: keys[1], Delete: true}); err != nil {
		t.Fatalf("delete: %v", err)
	}
	byKey := map[string]api.Record{}
	for _, r := range must[[]api.Record](t, "Records")(n.Records(ctx, s.ID, "app.notes")) {
		byKey[r.Key] = r
	}
	if r := byKey[keys[0]]; r.VersionID != id || r.Seq != 1 || fmt.Sprint(r.Body) != "map[n:edited]" {
		t.Fatalf("edited record %+v", r)
	}
	if r := byKey[keys[1]]; !r.Deleted || r.Body != nil {
		t.Fatalf("deleted record %+v", r)
	}
}
