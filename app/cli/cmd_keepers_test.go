package cli

import (
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// `space keepers` lists a space's keepers and changes them: --add and
// --remove one by one, --set the whole list, --none; an address that is
// no host's and options that clash are refused (exit 2), changing
// nothing.
func TestSpaceKeepersVerbs(t *testing.T) {
	m := newMachine(t)
	var acc api.NewAccount
	m.ok(t, &acc, "account", "create", "--name", "Ana", "--json")
	var sp api.SpaceSummary
	m.ok(t, &sp, "space", "create", "Team", "--json")
	// Any P-256 did:key pins a URL; the host need not be reachable to be named.
	one := "ws://127.0.0.1:7447/peer#" + acc.Account.DID

	if code, out, _ := m.minca(t, "space", "keepers", sp.ID); code != 0 || !strings.Contains(out, "No keepers") {
		t.Fatalf("space keepers: exit %d\n%s", code, out)
	}
	if code, _, errOut := m.minca(t, "space", "keepers", sp.ID, "--add", "keep.example"); code != 2 || !strings.Contains(errOut, "Accepting peers at") {
		t.Fatalf("--add keep.example: exit %d %s", code, errOut)
	}
	if code, _, errOut := m.minca(t, "space", "keepers", sp.ID, "--set", one, "--add", one); code != 2 || !strings.Contains(errOut, "--set") {
		t.Fatalf("--set with --add: exit %d %s", code, errOut)
	}
	var ks []api.Keeper
	m.ok(t, &ks, "space", "keepers", sp.ID, "--json")
	if len(ks) != 0 {
		t.Fatalf("refusals named %+v", ks)
	}

	m.ok(t, &ks, "space", "keepers", sp.ID, "--add", one, "--json")
	if len(ks) != 1 || ks[0].URL != one || ks[0].Name != strings.TrimSuffix(one, "#"+acc.Account.DID) {
		t.Fatalf("--add: %+v", ks)
	}
	for _, verb := range []string{"keepers", "show"} {
		if code, out, _ := m.minca(t, "space", verb, sp.ID); code != 0 || !strings.Contains(out, "Hosts that keep this space:\n  "+one) {
			t.Fatalf("space %s after --add: exit %d\n%s", verb, code, out)
		}
	}
	m.ok(t, &ks, "space", "keepers", sp.ID, "--remove", one, "--json")
	if len(ks) != 0 {
		t.Fatalf("--remove: %+v", ks)
	}
	m.ok(t, &ks, "space", "keepers", sp.ID, "--set", one, "--json")
	if len(ks) != 1 {
		t.Fatalf("--set: %+v", ks)
	}
	m.ok(t, &ks, "space", "keepers", sp.ID, "--none", "--json")
	if len(ks) != 0 {
		t.Fatalf("--none: %+v", ks)
	}
}
