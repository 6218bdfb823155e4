package runtime

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/api"
)

// damaged is link with 10 characters of its secret changed (before
// &from=): still a secret of 32 bytes, the invitation intact and signed,
// but the invite key it gives (03 §7.1) names no invite.
func damaged(t *testing.T, link string) string {
	t.Helper()
	inv := secretOf(link)
	dot := strings.LastIndex(inv, ".")
	b := []byte(inv)
	for i := dot + 5; i < dot+15; i++ {
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
	}
	out := strings.Replace(link, inv, string(b), 1)
	good, err1 := invite.AcceptString(link)
	bad, err2 := invite.AcceptString(out)
	if err1 != nil || err2 != nil || good.InviteDID == bad.InviteDID {
		t.Fatalf("the damaged link: %v %v, invite keys differ %v", err1, err2, err2 == nil && good.InviteDID != bad.InviteDID)
	}
	return out
}

// Ben pastes a link whose secret was damaged while Ana's computer is on
// and connected: once his copy of the space is synced with hers and names
// no invite for the link's key, the join says so (Joining.NotFound), not
// "waiting" for ever; the real link still joins, and the word goes with
// the join. Public and private spaces, over node sockets.
func TestJoinDamagedLinkNotFound(t *testing.T) {
	for _, private := range []bool{false, true} {
		t.Run(fmt.Sprint("private=", private), func(t *testing.T) {
			ctx := context.Background()
			ana, ben := netPerson(t, "Ana", true), netPerson(t, "Ben", false)
			s, err := ana.n.CreateSpace(ctx, api.CreateSpace{Name: "Garden club", Template: "team", Private: private})
			if err != nil {
				t.Fatal(err)
			}
			inv, err := ana.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := ben.n.Join(ctx, damaged(t, inv.Link))
			if err != nil {
				t.Fatalf("join with the damaged link: %v", err)
			}
			// Join answers once synced with Ana's node (the CLI says so then).
			if got.Joining == nil || !got.Joining.NotFound || got.Joining.Closed || len(got.Roles) != 0 {
				t.Fatalf("join with the damaged link: %+v joining %+v, want joining, its invite not found, no role", got, got.Joining)
			}
			if sum, ok := summaryOf(t, ben, s.ID); !ok || sum.Joining == nil || !sum.Joining.NotFound {
				t.Fatalf("ben's list: %+v joining %+v, want its invite not found", sum, sum.Joining)
			}

			got, err = ben.n.Join(ctx, inv.Link)
			if err != nil {
				t.Fatalf("join with the real link: %v", err)
			}
			waitLong(t, "ben a member through the real link", func() error {
				sum, ok := summaryOf(t, ben, s.ID)
				if !ok || sum.Joining != nil || !slices.Contains(sum.Roles, "member") {
					return fmt.Errorf("ben's space %+v joining %+v", sum, sum.Joining)
				}
				return isMemberOf(ana, s.ID, ben.did)
			})
		})
	}
}
