package cli

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/node/api"
)

// runMemberList lists a space's members.
func runMemberList(env Env, c command, args []string) error {
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
		ms, err := n.Members(ctx, pos[0])
		if err != nil {
			return err
		}
		if ms == nil {
			ms = []api.Member{}
		}
		return o.print(env, ms, func(w io.Writer) {
			var rows [][]string
			for _, m := range ms {
				rows = append(rows, []string{m.DID, m.ProfileName, list(m.Roles), memberNote(m)})
			}
			table(w, "ACCOUNT\tNAME\tROLES\tNOTE", rows)
		})
	})
}

func memberNote(m api.Member) string {
	note := ""
	for _, s := range []struct {
		on   bool
		text string
	}{{m.Self, "you"}, {m.Founder, "founder"}, {m.Pending, "pending"}} {
		if s.on {
			if note != "" {
				note += ", "
			}
			note += s.text
		}
	}
	return note
}

type memberRoleOptions struct {
	output
	assign bool
}

// runMemberAssign gives a member a role.
func runMemberAssign(env Env, c command, args []string) error {
	return memberRole(env, c, args, memberRoleOptions{assign: true})
}

// runMemberUnassign takes a role from a member.
func runMemberUnassign(env Env, c command, args []string) error {
	return memberRole(env, c, args, memberRoleOptions{})
}

func memberRole(env Env, c command, args []string, o memberRoleOptions) error {
	fs := newFlags(env, c)
	o.flag(fs)
	pos, err := parseArgs(fs, args, 3, 3)
	if err != nil {
		return err
	}
	space, account, role := pos[0], pos[1], pos[2]
	if err := checkAll(checkSpace(space), checkAccount(account), checkRole(role)); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		if o.assign {
			if err := n.Assign(ctx, space, account, role); err != nil {
				return err
			}
			return o.done(env, fmt.Sprintf("Assigned %s to %s", role, account))
		}
		if err := n.Unassign(ctx, space, account, role); err != nil {
			return err
		}
		return o.done(env, fmt.Sprintf("Unassigned %s from %s", role, account))
	})
}

// runMemberRemove removes a member from a space.
func runMemberRemove(env Env, c command, args []string) error {
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
		if err := n.RemoveMember(ctx, pos[0], pos[1]); err != nil {
			return err
		}
		return o.done(env, "Removed "+pos[1])
	})
}
