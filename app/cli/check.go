package cli

import (
	"slices"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// Argument checks, made before the node is reached, so a bad argument
// exits 2 with nothing changed.

// templates are the role templates of api.CreateSpace.
var templates = []string{"team", "club", "notebook"}

func checkSpace(s string) error {
	if !enc.IsCID(s) {
		return usageErr("%q is not a space id (b… as `minca space list` prints it)", s)
	}
	return nil
}

func checkAccount(s string) error {
	if !identity.IsDID(s) {
		return usageErr("%q is not an account (want its did:key:z…, as `minca member list` prints it)", s)
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
