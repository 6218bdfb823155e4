package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/node/api"
)

// runMemberList lists a space's members.
func runMemberList(env Env, c command, args []string) error {
	members := func(n api.Node, ctx context.Context, space api.SpaceSummary) ([]api.Member, error) {
		ms, err := n.Members(ctx, space.ID)
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
		roles := strings.Join(m.Roles, ", ")
		if roles == "" {
			roles = "no role"
		}
		rows = append(rows, []string{api.PersonName(m.ProfileName, m.DID), roles, memberNote(m), m.DID})
	}
	table(w, "NAME\tROLES\tNOTE\tACCOUNT", rows)
}

func memberNote(m api.Member) string {
	note := ""
	for _, s := range []struct {
		on   bool
		text string
	}{{m.Self, "you"}, {m.Founder, "founder"}, {m.Pending, "pending: their role waits for the change that gives it"}} {
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
	if err := checkAll(checkSpace(pos[0]), checkAccount(pos[1]), checkRole(pos[2])); err != nil {
		return err
	}
	role := pos[2]
	return withMember(env, pos[0], pos[1], func(ctx context.Context, n api.Node, s api.SpaceSummary, did, name string) error {
		if assign {
			if err := n.Assign(ctx, s.ID, did, role); err != nil {
				return err
			}
			return o.done(env, fmt.Sprintf("Gave %s the role %s in %s", name, role, spaceName(s)))
		}
		if err := n.Unassign(ctx, s.ID, did, role); err != nil {
			return err
		}
		return o.done(env, fmt.Sprintf("Took the role %s from %s in %s", role, name, spaceName(s)))
	})
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
	return withMember(env, pos[0], pos[1], func(ctx context.Context, n api.Node, s api.SpaceSummary, did, name string) error {
		if err := n.RemoveMember(ctx, s.ID, did); err != nil {
			return err
		}
		return o.done(env, fmt.Sprintf("%s is no longer a member of %s", name, spaceName(s)))
	})
}

// withMember runs f on the node with the space and the account the
// arguments name (resolveSpace, resolveMember).
func withMember(env Env, space, account string, f func(ctx context.Context, n api.Node, s api.SpaceSummary, did, name string) error) error {
	return withSpace(env, space, func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		did, name, err := resolveMember(ctx, n, s, account)
		if err != nil {
			return err
		}
		return f(ctx, n, s, did, name)
	})
}
