package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"minca.dev/desktop/node/api"
)

type spaceCreateOptions struct {
	output
	private  bool
	template string
}

// runSpaceCreate creates a space from a role template.
func runSpaceCreate(env Env, c command, args []string) error {
	var o spaceCreateOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.BoolVar(&o.private, "private", false, "a private space: bodies sealed with the space key (03 §8)")
	fs.StringVar(&o.template, "template", "team", "roles to start with: team, club or notebook")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkAll(checkTemplate(o.template), nonEmpty("space name", pos[0])); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		s, err := n.CreateSpace(ctx, api.CreateSpace{Name: pos[0], Private: o.private, Template: o.template})
		if err != nil {
			return err
		}
		return o.print(env, s, func(w io.Writer) { fmt.Fprintf(w, "Created space %s: %s\n", s.Name, s.ID) })
	})
}

func nonEmpty(what, s string) error {
	if s == "" {
		return usageErr("empty %s", what)
	}
	return nil
}

// runSpaceList lists the account's spaces.
func runSpaceList(env Env, c command, args []string) error {
	spaces := func(n api.Node, ctx context.Context) ([]api.SpaceSummary, error) {
		s, err := n.Spaces(ctx)
		if s == nil && err == nil {
			s = []api.SpaceSummary{} // JSON: [], not null
		}
		return s, err
	}
	return runShow(env, c, args, spaces, printSpaces)
}

func printSpaces(w io.Writer, spaces []api.SpaceSummary) {
	if len(spaces) == 0 {
		fmt.Fprintln(w, "No spaces yet: `minca space create NAME` makes one, `minca join LINK` joins one.")
		return
	}
	var rows [][]string
	for _, s := range spaces {
		rows = append(rows, []string{s.ID, s.Name, list(s.Roles), strconv.Itoa(s.Members), s.Sync})
	}
	table(w, "ID\tNAME\tYOUR ROLES\tMEMBERS\tSYNC", rows)
}

// runSpaceShow prints one space.
func runSpaceShow(env Env, c command, args []string) error {
	return runShowSpace(env, c, args, api.Node.Space, printSpace)
}

func printSpace(w io.Writer, d api.SpaceDetail) {
	kind := "public"
	if d.Private {
		kind = "private, key " + d.KeyID
	}
	fmt.Fprintf(w, "%s (%s)\n  id       %s\n  created  %s\n  members  %d\n  sync     %s\n  you      %s\n\nRoles:\n",
		d.Name, kind, d.ID, d.CreatedAt.Format("2006-01-02 15:04"), d.Members, d.Sync, list(d.Roles))
	var rows [][]string
	for _, r := range d.RoleTemplates {
		rows = append(rows, []string{"  " + r.Name, r.Title, list(r.Commands)})
	}
	table(w, "  NAME\tTITLE\tGRANTS", rows)
	if len(d.Peers) > 0 {
		fmt.Fprintln(w, "\nPeers:")
		printPeers(w, d.Peers)
	}
	if len(d.Keepers) > 0 {
		fmt.Fprintln(w)
		printKeepers(w, d.Keepers)
	}
}

// runSpaceLeave leaves a space.
func runSpaceLeave(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	leave := func(n api.Node, ctx context.Context) error { return n.LeaveSpace(ctx, pos[0]) }
	return do(env, o, "Left space "+pos[0], leave)
}
