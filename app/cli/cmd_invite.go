package cli

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/node/api"
)

type inviteCreateOptions struct {
	output
	role     string
	viewOnly bool
	short    bool
}

// runInviteCreate makes an invite link for a role, or a view-only one.
func runInviteCreate(env Env, c command, args []string) error {
	var o inviteCreateOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.StringVar(&o.role, "role", "", "the role the invite gives")
	fs.BoolVar(&o.viewOnly, "view-only", false, "an invite to read the space, with no role")
	fs.BoolVar(&o.short, "short", false, "a short link (03 §7.7), where the space's relays allow")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	if (o.role == "") == !o.viewOnly {
		return usageErr("give exactly one of --role ROLE and --view-only")
	}
	req := api.CreateInvite{SpaceID: pos[0], Role: o.role, ViewOnly: o.viewOnly, Short: o.short}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		inv, err := n.CreateInvite(ctx, req)
		if err != nil {
			return err
		}
		return o.print(env, inv, func(w io.Writer) {
			fmt.Fprintf(w, "Invite %s (%s). Send this link; anyone who has it can join:\n\n  %s\n", inv.Key, inviteWhat(inv), inv.Link)
		})
	})
}

func inviteWhat(inv api.Invite) string {
	if inv.ViewOnly {
		return "view only"
	}
	return "role " + inv.Role
}

// runInviteList lists a space's open invites.
func runInviteList(env Env, c command, args []string) error {
	var o output
	fs := newFlags(env, c)
	o.flag(fs)
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		invs, err := n.Invites(ctx, pos[0])
		if err != nil {
			return err
		}
		if invs == nil {
			invs = []api.Invite{}
		}
		return o.print(env, invs, func(w io.Writer) {
			var rows [][]string
			for _, inv := range invs {
				rows = append(rows, []string{inv.Key, inviteWhat(inv), inv.CreatedAt.Format("2006-01-02 15:04")})
			}
			table(w, "INVITE-KEY\tGIVES\tCREATED", rows)
		})
	})
}

// runInviteClose closes an invite.
func runInviteClose(env Env, c command, args []string) error {
	var o output
	fs := newFlags(env, c)
	o.flag(fs)
	pos, err := parseArgs(fs, args, 2, 2)
	if err != nil {
		return err
	}
	if err := checkAll(checkSpace(pos[0]), checkAccount(pos[1])); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		if err := n.CloseInvite(ctx, pos[0], pos[1]); err != nil {
			return err
		}
		return o.done(env, "Closed invite "+pos[1])
	})
}

type joinOptions struct {
	output
	preview bool
}

// runJoin joins a space from an invite link, or with --preview shows what
// the link offers.
func runJoin(env Env, c command, args []string) error {
	var o joinOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.BoolVar(&o.preview, "preview", false, "only show what the invite offers")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := nonEmpty("link", pos[0]); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		if o.preview {
			p, err := n.PreviewInvite(ctx, pos[0])
			if err != nil {
				return err
			}
			return o.print(env, p, func(w io.Writer) {
				fmt.Fprintf(w, "%s invites you to %s (%s)\n", inviter(p), p.SpaceName, p.SpaceID)
			})
		}
		s, err := n.Join(ctx, pos[0])
		if err != nil {
			return err
		}
		return o.print(env, s, func(w io.Writer) { fmt.Fprintf(w, "Joined %s: %s\n", s.Name, s.ID) })
	})
}

func inviter(p api.InvitePreview) string {
	if p.InviterName != "" {
		return p.InviterName
	}
	return p.InvitedBy
}
