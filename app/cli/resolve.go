package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/api"
)

// A space or a member is named on the command line by its id or by its
// name, as the window names them: a name matches exactly, in any case.
// A name no space (member) has, or that several have, is refused with
// CodeInvalid (exit 2, nothing changed), saying which there are.

// resolveSpace is the space arg names: the space with that id, else the
// one space with that name. An id of no space this account holds is
// handed on as it is, for the node to say what it knows of it.
func resolveSpace(ctx context.Context, n api.Node, arg string) (api.SpaceSummary, error) {
	spaces, err := n.Spaces(ctx)
	if err != nil {
		return api.SpaceSummary{}, err
	}
	var named []api.SpaceSummary
	for _, s := range spaces {
		if s.ID == arg {
			return s, nil
		}
		if sameName(s.Name, arg) {
			named = append(named, s)
		}
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) > 1:
		return api.SpaceSummary{}, &api.Error{Code: api.CodeInvalid,
			Message: fmt.Sprintf("%d spaces are named %q:\n%s", len(named), arg, spaceLines(named)),
			Hint:    "give the id of the one you mean"}
	case enc.IsCID(arg):
		return api.SpaceSummary{ID: arg}, nil
	case len(spaces) == 0:
		return api.SpaceSummary{}, &api.Error{Code: api.CodeInvalid, Message: fmt.Sprintf("no space is named %q: you have no spaces yet", arg),
			Hint: "`minca space create NAME` makes one, `minca join LINK` joins one"}
	}
	return api.SpaceSummary{}, &api.Error{Code: api.CodeInvalid,
		Message: fmt.Sprintf("no space is named %q; yours are:\n%s", arg, spaceLines(spaces)),
		Hint:    "give a space's name or id, as `minca space list` prints them"}
}

// sameName says whether a name given on the command line is name.
func sameName(name, arg string) bool {
	return strings.EqualFold(strings.TrimSpace(name), strings.TrimSpace(arg))
}

// spaceLines lists spaces one a line: name, id.
func spaceLines(spaces []api.SpaceSummary) string {
	var rows [][]string
	for _, s := range spaces {
		rows = append(rows, []string{"  " + s.Name, s.ID})
	}
	return lines(rows)
}

// lines is rows in aligned columns, without a header or a last newline.
func lines(rows [][]string) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

// resolveMember is the account arg names in a space: a did:key as it is
// (a member or an account that is none yet), else the one member with
// that profile name. name is how to say who it is: the member's name, else
// the shortened id.
func resolveMember(ctx context.Context, n api.Node, space api.SpaceSummary, arg string) (did, name string, err error) {
	members, err := n.Members(ctx, space.ID)
	if err != nil {
		return "", "", err
	}
	if identity.IsDID(arg) {
		for _, m := range members {
			if m.DID == arg {
				return arg, api.PersonName(m.ProfileName, m.DID), nil
			}
		}
		return arg, api.ShortDID(arg), nil
	}
	var named []api.Member
	for _, m := range members {
		if m.ProfileName != "" && sameName(m.ProfileName, arg) {
			named = append(named, m)
		}
	}
	switch len(named) {
	case 1:
		return named[0].DID, api.PersonName(named[0].ProfileName, named[0].DID), nil
	case 0:
		return "", "", &api.Error{Code: api.CodeInvalid,
			Message: fmt.Sprintf("no member of %s is named %q; its members:\n%s", spaceName(space), arg, memberLines(members)),
			Hint:    "give a member's name or account id (did:key:…), as `minca member list` prints them"}
	}
	return "", "", &api.Error{Code: api.CodeInvalid,
		Message: fmt.Sprintf("%d members of %s are named %q:\n%s", len(named), spaceName(space), arg, memberLines(named)),
		Hint:    "give the account id (did:key:…) of the one you mean"}
}

// spaceName is a space's name, or its id when the name is not known.
func spaceName(s api.SpaceSummary) string {
	if s.Name != "" {
		return s.Name
	}
	return s.ID
}

// memberLines lists members one a line: name, account id.
func memberLines(members []api.Member) string {
	var rows [][]string
	for _, m := range members {
		rows = append(rows, []string{"  " + orElse(m.ProfileName, "(no name)"), m.DID})
	}
	return lines(rows)
}
