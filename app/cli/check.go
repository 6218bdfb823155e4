package cli

import (
	"slices"
	"strings"

	"minca.dev/desktop/core/identity"
)

// Argument checks, made before the node is reached, so a bad argument
// exits 2 with nothing changed.

// templates are the role templates of api.CreateSpace.
var templates = []string{"team", "club", "notebook"}

// checkSpace checks a space argument: a name or an id, which the node
// resolves (resolveSpace).
func checkSpace(s string) error {
	if strings.TrimSpace(s) == "" {
		return usageErr("empty space: give a space's name or id, as `minca space list` prints them")
	}
	return nil
}

// checkAccount checks an account argument: a member's name, or an account
// id, which must then be a well-formed did:key.
func checkAccount(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return usageErr("empty account: give a member's name or account id, as `minca member list` prints them")
	case strings.HasPrefix(s, "did:") && !identity.IsDID(s):
		return usageErr("%q is not an account id (want a did:key:z…, as `minca member list` prints it)", s)
	}
	return nil
}

// checkInviteKey checks an invite key: a did:key.
func checkInviteKey(s string) error {
	if !identity.IsDID(s) {
		return usageErr("%q is not an invite key (want its did:key:z…, as `minca invite list` prints it)", s)
	}
	return nil
}

func checkRole(s string) error {
	if s == "" {
		return usageErr("empty role name")
	}
	return nil
}

func checkTemplate(s string) error {
	if !slices.Contains(templates, s) {
		return usageErr("template %q: want team, club or notebook", s)
	}
	return nil
}

// checkAll runs checks in order and returns the first error.
func checkAll(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
