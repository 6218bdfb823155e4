package apitest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

// testPrivate: in a private space a member's writes reach the others
// readable; removing a member changes the key at once (03 §9.3), and the
// removed member cannot open what is written afterwards.
func testPrivate(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, _ := withAccount(t, cfg, "Alice")
	bob, b := withAccount(t, cfg, "Bob")
	s := must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, api.CreateSpace{Name: "Secret", Template: "team", Private: true}))
	if !s.Private {
		t.Fatalf("space %+v is not private", s)
	}
	inv := must[api.Invite](t, "invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))
	if p := must[api.InvitePreview](t, "preview")(bob.PreviewInvite(ctx, inv.Link)); !p.Private {
		t.Fatalf("preview %+v of a private space", p)
	}
	must[api.SpaceSummary](t, "join")(bob.Join(ctx, inv.Link))
	before := must[string](t, "bob writes")(bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "sealed hello"}))
	eventually(t, "alice opens bob's record", func() error { return opens(ctx, alice, s.ID, before, "sealed hello") })
	key := must[api.SpaceDetail](t, "Space")(alice.Space(ctx, s.ID)).KeyID
	if key == "" {
		t.Fatal("a private space shows no key id")
	}
	if err := alice.RemoveMember(ctx, s.ID, b.Account.DID); err != nil {
		t.Fatalf("remove bob: %v", err)
	}
	if k := must[api.SpaceDetail](t, "Space")(alice.Space(ctx, s.ID)).KeyID; k == key {
		t.Fatalf("key id %s unchanged by the removal", k)
	}
	after := must[string](t, "alice writes")(alice.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "after bob"}))
	if err := opens(ctx, alice, s.ID, after, "after bob"); err != nil {
		t.Fatal(err)
	}
	rs := must[[]api.Record](t, "bob's records")(bob.Records(ctx, s.ID, "app.chat"))
	if i := slices.IndexFunc(rs, func(r api.Record) bool { return r.VersionID == after }); i >= 0 && rs[i].Body != nil {
		t.Fatalf("bob opens %v written after his removal", rs[i].Body)
	}
}

func opens(ctx context.Context, n api.Node, spaceID, id string, want any) error {
	rs, err := n.Records(ctx, spaceID, "app.chat")
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.VersionID == id {
			if fmt.Sprint(r.Body) != fmt.Sprint(want) {
				return fmt.Errorf("version %s reads %v, want %v", id, r.Body, want)
			}
			return nil
		}
	}
	return fmt.Errorf("version %s not held", id)
}
