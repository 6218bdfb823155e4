//go:build e2e

package tests

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/segments"
)

// One-shot CLI commands, each its own process that owns the node for an
// instant and exits, leave what they wrote in the data folder (05 §16.4:
// push on close): every space they made, its invites and the account
// registry are there as segments, with no long-running process. The keys
// are in the session's keychain, so each command opens the account at once
// and exits before the folder mirror's first tick.
func TestCLIE2EOneShotWritesReachFolder(t *testing.T) {
	bin := e2eBin(t)
	needSecretService(t)
	u := newNEUser(t, bin, "Ann")
	ok := func(v any, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = homeEnv(u.home, "XDG_RUNTIME_DIR="+u.rt, "MINCA_KEYCHAIN=", "MINCA_PASSPHRASE=")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("minca %s: %v\n%s", strings.Join(args, " "), err, errText(err))
		}
		if v != nil {
			if err := json.Unmarshal(out, v); err != nil {
				t.Fatalf("minca %s: not JSON: %v\n%s", strings.Join(args, " "), err, out)
			}
		}
	}
	ok(nil, "account", "create", "--name", "Ann", "--json")
	var spaces []string
	for _, name := range []string{"One", "Two", "Three", "Four"} {
		var s api.SpaceSummary
		ok(&s, "space", "create", name, "--json")
		spaces = append(spaces, s.ID)
	}
	var invites []api.Invite
	for range 2 {
		var inv api.Invite
		ok(&inv, "invite", "create", spaces[0], "--role", "member", "--json")
		invites = append(invites, inv)
	}
	var f api.Folder
	ok(&f, "folder", "show", "--json")
	got := folderCollections(t, f.Path)
	for _, id := range spaces {
		if len(got[id]) == 0 {
			t.Errorf("space %s has no segments in the data folder: %v", id, got)
		}
	}
	if n := got[spaces[0]]["sys.invite"]; n < len(invites) {
		t.Errorf("%d invites of %s in the data folder's segments, want %d: %v", n, spaces[0], len(invites), got[spaces[0]])
	}
	if len(got) < len(spaces)+1 {
		t.Errorf("segments of %d spaces in the data folder, want the %d spaces and the registry: %v", len(got), len(spaces), got)
	}
}

func errText(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(ee.Stderr)
	}
	return ""
}

// folderCollections counts the versions in a data folder's segments by
// space (…/spaces/<account>/<space id>/<store writer>/<segment>.seg) and
// collection.
func folderCollections(t *testing.T, dir string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".seg") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		entries, _, ok := segments.Decode(b)
		if !ok {
			t.Fatalf("segment %s does not decode", p)
		}
		space := filepath.Base(filepath.Dir(filepath.Dir(p)))
		if out[space] == nil {
			out[space] = map[string]int{}
		}
		for _, e := range entries {
			c, _ := e["collection"].(string)
			out[space][c]++
		}
		return nil
	})
	return out
}
