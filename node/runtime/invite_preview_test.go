package runtime

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/api"
)

// The preview names the inviter: by the name the link carries, shown as
// the link's claim (a changed one reads as changed, a link without one
// names nobody); by the inviter's profile once the joiner shares a space
// with them, whatever the link says.
func TestPreviewNamesInviter(t *testing.T) {
	ctx := context.Background()
	hub := NewHub(50 * time.Millisecond)
	t.Cleanup(hub.Close)
	ana, ben := newPerson(t, hub, "Ana"), newPerson(t, hub, "Ben")
	linkTo := func(name string) string {
		s, err := ana.n.CreateSpace(ctx, api.CreateSpace{Name: name, Template: "club"})
		if err != nil {
			t.Fatal(err)
		}
		inv, err := ana.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
		if err != nil {
			t.Fatal(err)
		}
		return inv.Link
	}
	preview := func(link string) api.InvitePreview {
		t.Helper()
		p, err := ben.n.PreviewInvite(ctx, link)
		if err != nil {
			t.Fatalf("preview %s: %v", link, err)
		}
		if p.InvitedBy != ana.did {
			t.Fatalf("invited by %s, want Ana's %s", p.InvitedBy, ana.did)
		}
		return p
	}
	want := func(what string, p api.InvitePreview, name, from string) {
		t.Helper()
		if p.InviterName != name || p.InviterNameFrom != from {
			t.Fatalf("%s: inviter %q from %q, want %q from %q", what, p.InviterName, p.InviterNameFrom, name, from)
		}
	}

	link := linkTo("Garden club")
	if invite.From(link) != "Ana" || !strings.HasPrefix(link, LinkPrefix) {
		t.Fatalf("the link %s does not carry Ana's name", link)
	}
	want("the link's name", preview(link), "Ana", api.NameFromLink)
	bare := strings.Replace(link, "&"+invite.FromParam+"=Ana", "", 1)
	want("no name in the link", preview(bare), "", "")
	want("a bare invite", preview(invite.Extract(link)), "", "")
	eve := bare + "&from=" + url.QueryEscape("Eve & co")
	want("a changed name", preview(eve), "Eve & co", api.NameFromLink)

	if _, err := ben.n.Join(ctx, link); err != nil {
		t.Fatalf("Ben joins: %v", err)
	}
	waitFor(t, "Ana's profile reaches Ben", func() error {
		if p := preview(bare); p.InviterNameFrom != api.NameFromProfile {
			return fmt.Errorf("preview %+v", p)
		}
		return nil
	})
	// Now Ben knows Ana from a space they share: her profile wins over
	// whatever another link says.
	other := linkTo("Book club")
	p := preview(strings.Replace(other, "&from=Ana", "&from=Eve", 1))
	want("a shared space's profile", p, "Ana", api.NameFromProfile)
}
