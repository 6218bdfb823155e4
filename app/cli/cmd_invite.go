package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/shortlink"
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
	return withSpace(env, pos[0], func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		inv, err := n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: o.role, ViewOnly: o.viewOnly, Short: o.short})
		if err != nil {
			return err
		}
		private := s.Private
		if inv.ViewOnly && s.Name == "" { // named by an id the list did not hold
			d, err := n.Space(ctx, s.ID)
			if err != nil {
				return err
			}
			private = d.Private
		}
		return o.print(env, inv, func(w io.Writer) { printInvite(w, inv, private) })
	})
}

// printInvite says what an invite link gives and how it ends: a role
// invite is closed by its key; a view-only link has no invite record, so it
// is never listed and cannot be closed (03 §7.2, §7.5).
func printInvite(w io.Writer, inv api.Invite, private bool) {
	if !inv.ViewOnly {
		fmt.Fprintf(w, "Invite %s (%s). Send this link; anyone who has it can join:\n\n  %s\n", inv.Key, inviteWhat(inv), inv.Link)
		fmt.Fprintf(w, "\nClose it with `minca invite close %s %s`.\n", inv.SpaceID, inv.Key)
		return
	}
	fmt.Fprintf(w, "View-only link. Send it; anyone who has it can read the space, and write nothing:\n\n  %s\n\n", inv.Link)
	fmt.Fprintln(w, "A view-only link has no invite record, so `minca invite list` does not show it and it")
	if private {
		fmt.Fprintln(w, "cannot be closed (03 §7.2). It stops reading what is written after the space's next key")
		fmt.Fprintln(w, "change, which removing a member makes (03 §9).")
		return
	}
	fmt.Fprintln(w, "cannot be closed (03 §7.2): this space is public, so whoever has it can read it for good.")
}

func inviteWhat(inv api.Invite) string {
	if inv.ViewOnly {
		return "view only"
	}
	return "role " + inv.Role
}

// runInviteList lists a space's open invites.
func runInviteList(env Env, c command, args []string) error {
	return runShowSpace(env, c, args, invitesOf, printInvites)
}

// invitesOf is a space's open invites, an empty list rather than none (so
// --json prints []).
func invitesOf(n api.Node, ctx context.Context, space api.SpaceSummary) ([]api.Invite, error) {
	invs, err := n.Invites(ctx, space.ID)
	if err == nil && invs == nil {
		invs = []api.Invite{}
	}
	return invs, err
}

func printInvites(w io.Writer, invs []api.Invite) {
	var rows [][]string
	for _, inv := range invs {
		link := "not on this computer"
		if inv.HasLink {
			link = "minca invite show"
		}
		rows = append(rows, []string{inv.Key, inviteWhat(inv), inv.CreatedAt.Local().Format("2006-01-02 15:04"), api.JoinedWords(inv), link})
	}
	table(w, "INVITE-KEY\tGIVES\tCREATED\tJOINED WITH IT\tLINK", rows)
}

// runInviteShow gives an open invite's link again: the node that made it
// keeps it, sealed, until the invite is closed.
func runInviteShow(env Env, c command, args []string) error {
	o, space, key, err := inviteArgs(env, c, args)
	if err != nil {
		return err
	}
	return withSpace(env, space, func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		inv, err := n.InviteLink(ctx, s.ID, key)
		if err != nil {
			return err
		}
		return o.print(env, inv, func(w io.Writer) { printInvite(w, inv, s.Private) })
	})
}

// runInviteClose closes an invite.
func runInviteClose(env Env, c command, args []string) error {
	o, space, key, err := inviteArgs(env, c, args)
	if err != nil {
		return err
	}
	return withSpace(env, space, func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		if err := n.CloseInvite(ctx, s.ID, key); err != nil {
			return err
		}
		return o.done(env, "Closed invite "+key)
	})
}

// inviteArgs parses the arguments of a verb on one invite: --json, the
// space and the invite key, both checked.
func inviteArgs(env Env, c command, args []string) (o output, space, key string, err error) {
	o, pos, err := outputArgs(env, c, args, 2, 2)
	if err != nil {
		return o, "", "", err
	}
	if err := checkAll(checkSpace(pos[0]), checkInviteKey(pos[1])); err != nil {
		return o, "", "", err
	}
	return o, pos[0], pos[1], nil
}

type joinOptions struct {
	output
	preview bool
	verbose bool
}

// runJoin joins a space from an invite link, or with --preview shows what
// the link offers.
func runJoin(env Env, c command, args []string) error {
	var o joinOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.BoolVar(&o.preview, "preview", false, "only show what the invite offers")
	fs.BoolVar(&o.verbose, "verbose", false, "say why a link is refused in the protocol's terms (03 §7.6)")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := nonEmpty("link", pos[0]); err != nil {
		return err
	}
	if err := checkLink(pos[0]); err != nil {
		if o.verbose {
			fmt.Fprintf(env.Stderr, "detail: %v\n", errors.Unwrap(err))
			return withHint(err, "")
		}
		return err
	}
	err = withNode(env, func(ctx context.Context, n api.Node) error {
		if o.preview {
			p, err := n.PreviewInvite(ctx, pos[0])
			if err != nil {
				return err
			}
			return o.print(env, p, func(w io.Writer) { printPreview(w, p) })
		}
		s, err := n.Join(ctx, pos[0])
		if err != nil {
			return err
		}
		return o.print(env, s, func(w io.Writer) { printJoined(w, s) })
	})
	var ae *api.Error
	if o.verbose && errors.As(err, &ae) && ae.Detail != "" {
		fmt.Fprintf(env.Stderr, "detail: %s\n", ae.Detail) // the node's refusal in the protocol's terms
	}
	return err
}

// printJoined says the space is joined, or, while the invite has not
// reached this computer (api.Joining), whose computer it waits for.
func printJoined(w io.Writer, s api.SpaceSummary) {
	j := s.Joining
	if j == nil {
		fmt.Fprintf(w, "Joined %s: %s\n", s.Name, s.ID)
		return
	}
	who := j.InviterName
	if who == "" {
		who = "the inviter"
	}
	if j.NotFound { // synced, and no invite matches the link (api.Joining.NotFound)
		fmt.Fprintf(w, "Joining %s (%s): %s's computer is connected, but it has no invite matching this link.\n", s.Name, s.ID, who)
		fmt.Fprintf(w, "The link may be damaged — ask %s to send it again — or the invite was never opened. To cancel: minca space leave %s\n", who, s.ID)
		return
	}
	fmt.Fprintf(w, "Joining %s: waiting for %s's computer (%s).\n", s.Name, who, s.ID)
	fmt.Fprintln(w, "Minca finishes joining by itself once it is reachable, whenever Minca runs on this computer.")
}

// printPreview says who invites to what, as the window's Join screen does:
// the inviter's name and a shortened account id (the whole one is in
// --json), and the role with its title, or view only.
func printPreview(w io.Writer, p api.InvitePreview) {
	kind := "public"
	if p.Private {
		kind = "private"
	}
	if p.ViewOnly {
		fmt.Fprintf(w, "%s invites you to read %s, a %s space (view only: you write nothing there).\n", inviter(p), p.SpaceName, kind)
	} else {
		role := p.Role
		if role == "" {
			role = "the role its invite record names"
		}
		fmt.Fprintf(w, "%s invites you to %s, a %s space, as %s.\n", inviter(p), p.SpaceName, kind, role)
		if p.RoleTitle != "" {
			fmt.Fprintf(w, "  %s\n", p.RoleTitle)
		}
	}
	fmt.Fprintln(w, "Joining shares your name and account id with its members.")
}

// inviter is who invited: their name with their shortened account id, and
// when the name is only the link's (nothing checks it, docs/spec/03-choices.md)
// it says so; else the shortened account id alone.
func inviter(p api.InvitePreview) string {
	switch {
	case p.InviterName == "":
		return shortDID(p.InvitedBy)
	case p.InviterNameFrom == api.NameFromProfile:
		return fmt.Sprintf("%s (%s)", p.InviterName, shortDID(p.InvitedBy))
	}
	return fmt.Sprintf("%s (%s; the name is the link's, unchecked)", p.InviterName, shortDID(p.InvitedBy))
}

// shortDID is a did:key shortened as the window shows it.
func shortDID(did string) string { return api.ShortDID(did) }

// linkRefusal is the hint for a link refused before the node is asked
// (03 §7.6); its headline is the node's (api.InviteHeadline).
const linkRefusal = "add --verbose to see why in the protocol's terms"

// checkLink refuses a link that is no readable invite (invite.AcceptString,
// 03 §7.6 steps 1–5) with a sentence for people, wrapping the protocol's
// reason; a short link (03 §7.7) is left to the node.
func checkLink(link string) error {
	_, err := invite.AcceptString(link)
	if err == nil {
		return nil
	}
	if _, serr := shortlink.ParseLink(strings.TrimPrefix(link, instance.Scheme+":")); serr == nil {
		return nil
	}
	reason := api.InviteReason(string(invite.ReasonOf(err)))
	return &api.Error{Code: api.CodeInvalid, Message: api.InviteHeadline(reason), Hint: linkRefusal, Reason: reason, Err: err}
}
