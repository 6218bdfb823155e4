package cli

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/node/api"
)

// runMemberList lists a space's members.
func runMemberList(env Env, c command, args []string) error {
	members := func(n api.Node, ctx context.Context, space string) ([]api.Member, error) {
		ms, err := n.Members(ctx, space)
		if ms == nil && err == nil {
			ms = []api.Member{} // JSON: [], not null
		}
		return ms, err
	}
	return runShowSpace(env, c, args, members, printMembers)
}

func printMembers(w io.Writer, ms []api.Member) {
	var rows [][]string
	for _, m := range ms {
		rows = append(rows, []string{m.DID, m.ProfileName, list(m.Roles), memberNote(m)})
	}
	table(w, "ACCOUNT\tNAME\tROLES\tNOTE", rows)
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

// runMemberAssign gives a member a role.
func runMemberAssign(env Env, c command, args []string) error {
	return memberRole(env, c, args, true)
}

// runMemberUnassign takes a role from a member.
func runMemberUnassign(env Env, c command, args []string) error {
	return memberRole(env, c, args, false)
}

func memberRole(env Env, c command, args []string, assign bool) error {
	o, pos, err := outputArgs(env, c, args, 3, 3)
	if err != nil {
		return err
	}
	space, account, role := pos[0], pos[1], pos[2]
	if err := checkAll(checkSpace(space), checkAccount(account), checkRole(role)); err != nil {
		return err
	}
	if assign {
		give := func(n api.Node, ctx context.Context) error { return n.Assign(ctx, space, account, role) }
		return do(env, o, fmt.Sprintf("Assigned %s to %s", role, account), give)
	}
	take := func(n api.Node, ctx context.Context) error { return n.Unassign(ctx, space, account, role) }
	return do(env, o, fmt.Sprintf("Unassigned %s from %s", role, account), take)
}

// runMemberRemove removes a member from a space.
func runMemberRemove(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 2, 2)
	if err != nil {
		return err
	}
	if err := checkAll(checkSpace(pos[0]), checkAccount(pos[1])); err != nil {
		return err
	}
	remove := func(n api.Node, ctx context.Context) error { return n.RemoveMember(ctx, pos[0], pos[1]) }
	return do(env, o, "Removed "+pos[1], remove)
}
