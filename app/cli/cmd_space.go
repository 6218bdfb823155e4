package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

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
		noteSameName(ctx, env, n, s)
		return o.print(env, s, func(w io.Writer) { fmt.Fprintf(w, "Created space %s: %s\n", s.Name, s.ID) })
	})
}

// noteSameName says on stderr when another space has the new one's name:
// commands then take either only by its id (resolveSpace).
func noteSameName(ctx context.Context, env Env, n api.Node, made api.SpaceSummary) {
	spaces, err := n.Spaces(ctx)
	if err != nil {
		return // the space is made; the note is only a help
	}
	for _, s := range spaces {
		if s.ID != made.ID && sameName(s.Name, made.Name) {
			fmt.Fprintf(env.Stderr, "note: you have another space named %q (%s): give commands the id of the one you mean\n", s.Name, s.ID)
		}
	}
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
		rows = append(rows, []string{s.Name, yourPlace(s), strconv.Itoa(s.Members), api.SpaceWord(s), s.ID})
	}
	table(w, "NAME\tYOU\tMEMBERS\tSTATE\tID", rows)
}

// yourPlace is this account's place in a space, as the window shows it:
// founder and its roles, or why it has none.
func yourPlace(s api.SpaceSummary) string {
	var parts []string
	switch {
	case s.Removed != nil:
		return "removed"
	case s.Joining != nil:
		return "joining"
	case s.Founder:
		parts = append(parts, "founder")
	}
	if len(s.Roles) > 0 {
		parts = append(parts, strings.Join(s.Roles, ", "))
	}
	if len(parts) == 0 {
		return "no role"
	}
	return strings.Join(parts, "; ")
}

// runSpaceShow prints one space.
func runSpaceShow(env Env, c command, args []string) error {
	get := func(n api.Node, ctx context.Context, s api.SpaceSummary) (spaceShown, error) {
		d, err := n.Space(ctx, s.ID)
		if err != nil {
			return spaceShown{}, err
		}
		spaces, err := n.Spaces(ctx)
		return spaceShown{d, spaces}, err
	}
	return runShowSpace(env, c, args, get, printSpace)
}

// spaceShown is a space's page, with the spaces its peers sync besides.
type spaceShown struct {
	api.SpaceDetail
	spaces []api.SpaceSummary
}

func printSpace(w io.Writer, v spaceShown) {
	d := v.SpaceDetail
	kind := "public: anyone with its link can read it"
	if d.Private {
		kind = "private: only members can read it"
	}
	fmt.Fprintf(w, "%s (%s)\n  id       %s\n  created  %s\n  members  %d\n  state    %s\n  you      %s\n",
		d.Name, kind, d.ID, d.CreatedAt.Local().Format("2006-01-02 15:04"), d.Members, api.SpaceWord(d.SpaceSummary), yourPlace(d.SpaceSummary))
	if d.Private {
		fmt.Fprintf(w, "  key      %s\n", d.KeyID)
	}
	if d.Removed != nil {
		fmt.Fprintf(w, "\n%s\n", removedWords(d))
	}
	fmt.Fprintln(w, "\nRoles:")
	var rows [][]string
	for _, r := range d.RoleTemplates {
		rows = append(rows, []string{"  " + r.Name, r.Title, list(r.Commands)})
	}
	table(w, "  NAME\tTITLE\tGRANTS", rows)
	fmt.Fprintln(w, "\nSynced with:")
	if len(d.Peers) == 0 {
		fmt.Fprintln(w, "  No other computer right now. Changes wait here and go out when a member's computer is reachable.")
	} else {
		printPeers(w, d.Peers, v.spaces)
	}
	if len(d.Keepers) > 0 {
		fmt.Fprintln(w)
		printKeepers(w, d.Keepers)
	}
}

// removedWords says that this account lost its place in the space, as the
// window's space page does (03 §9.2): who removed it when the removal
// reached this computer, else that the space's computers refuse this one.
func removedWords(d api.SpaceDetail) string {
	r := d.Removed
	what := fmt.Sprintf("The computers %s syncs with no longer let this one in. Most likely you were removed from %s", d.Name, d.Name)
	if d.Private {
		what += " and its key changed"
	}
	what += "."
	if r.By != "" {
		what = fmt.Sprintf("%s removed you from %s", api.PersonName(r.ByName, r.By), d.Name)
		if !r.At.IsZero() {
			what += " (" + r.At.Local().Format("2006-01-02 15:04") + ")"
		}
		what += "."
	}
	return what + " You keep what you already had; new changes no longer reach you.\n" +
		"`minca space leave " + d.ID + "` removes it from this computer."
}

// MarshalJSON is the node's answer as it is: --json prints SpaceDetail.
func (v spaceShown) MarshalJSON() ([]byte, error) { return json.Marshal(v.SpaceDetail) }

// runSpaceLeave leaves a space.
func runSpaceLeave(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	return withSpace(env, pos[0], func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		if err := n.LeaveSpace(ctx, s.ID); err != nil {
			return err
		}
		return o.done(env, "Left "+spaceName(s))
	})
}
