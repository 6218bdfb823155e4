package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"minca.dev/desktop/node/api"
)

// keeperList is a repeatable option: each use adds one address.
type keeperList []string

func (l *keeperList) String() string     { return strings.Join(*l, " ") }
func (l *keeperList) Set(s string) error { *l = append(*l, s); return nil }

// keepersOptions are the changes `space keepers` may ask for.
type keepersOptions struct {
	set, add, remove keeperList
	none             bool
}

func (k *keepersOptions) changes() bool {
	return len(k.set) > 0 || len(k.add) > 0 || len(k.remove) > 0 || k.none
}

// runSpaceKeepers lists a space's keepers (03 §10), or changes them: --set
// replaces the list, --add and --remove change it, --none names none.
// Addresses are what `minca host` prints after "Accepting peers at".
func runSpaceKeepers(env Env, c command, args []string) error {
	var o output
	var k keepersOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.Var(&k.set, "set", "make the host at this address the only keeper (repeat for several)")
	fs.Var(&k.add, "add", "add the host at this address (what `minca host` prints after \"Accepting peers at\")")
	fs.Var(&k.remove, "remove", "remove the keeper with this address or DID")
	fs.BoolVar(&k.none, "none", false, "name no keeper")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	if (len(k.set) > 0 || k.none) && (len(k.add) > 0 || len(k.remove) > 0) || len(k.set) > 0 && k.none {
		return usageErr("--set and --none replace the list: use them without --add or --remove, and not together")
	}
	return withSpace(env, pos[0], func(ctx context.Context, n api.Node, s api.SpaceSummary) error {
		ks, err := n.Keepers(ctx, s.ID)
		if err != nil {
			return err
		}
		if k.changes() {
			if ks, err = n.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: k.apply(ks)}); err != nil {
				return err
			}
		}
		return o.print(env, ks, func(w io.Writer) { printKeepers(w, ks) })
	})
}

// apply is the list the options make of the keepers ks: each kept keeper
// by its address, or by its DID when it has none.
func (k *keepersOptions) apply(ks []api.Keeper) []string {
	if k.none {
		return []string{}
	}
	if len(k.set) > 0 {
		return k.set
	}
	out := []string{}
	for _, kp := range ks {
		if !slices.Contains(k.remove, kp.DID) && !slices.Contains(k.remove, kp.URL) {
			out = append(out, orElse(kp.URL, kp.DID))
		}
	}
	return append(out, k.add...)
}

func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func printKeepers(w io.Writer, ks []api.Keeper) {
	if len(ks) == 0 {
		fmt.Fprintln(w, "No keepers: the space syncs only while its members' computers are on.")
		fmt.Fprintln(w, "Run `minca host --listen IP:PORT` on an always-on computer whose account holds the space,")
		fmt.Fprintln(w, "then `minca space keepers SPACE --add ADDRESS` with the address it prints after \"Accepting peers at\".")
		return
	}
	fmt.Fprintln(w, "Hosts that keep this space:")
	for _, kp := range ks {
		line := kp.URL
		if line == "" {
			line = fmt.Sprintf("%s (%s; no address: members reach it only through invites naming it)", api.KeeperLabel(orElse(kp.Name, "a host")), api.ShortDID(kp.DID))
		}
		if kp.This {
			line += " (this computer)"
		}
		fmt.Fprintln(w, "  "+line)
	}
}
