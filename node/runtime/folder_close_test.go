package runtime

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/segments"
)

// A node that writes and closes at once, before its folder mirror's first
// tick, still pushes on close (05 §16.4): the space and the registry are
// in the data folder as segments, the write among them. A one-shot CLI
// command is such a node.
func TestFolderPushOnCloseAtOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	n := openWith(t, filepath.Join(dir, "a"), nil)
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	s, err := n.CreateSpace(ctx, api.CreateSpace{Name: "Quick", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "said and gone"})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	got := segmentIDs(t, shared)
	if !got[s.ID][id] {
		t.Fatalf("the write %s is not in the folder's segments of %s: %v", id, s.ID, got)
	}
	if len(got) < 2 {
		t.Fatalf("segments of %d spaces in the folder, want the space and the registry: %v", len(got), got)
	}
}

// segmentIDs are the version ids in the segments under a data folder, by
// space (…/<space id>/<store writer>/<segment>.seg).
func segmentIDs(t *testing.T, folder string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	filepath.WalkDir(folder, func(p string, d fs.DirEntry, err error) error {
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
			out[space] = map[string]bool{}
		}
		for _, e := range entries {
			if id, ok := e["id"].(string); ok {
				out[space][id] = true
			}
		}
		return nil
	})
	return out
}
