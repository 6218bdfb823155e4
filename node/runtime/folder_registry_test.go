package runtime

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// Ben's kept join is the one entry of his registry in the folder. A copy
// of its sealed file under another space's entry, and an entry written in
// the clear, do not open (05 §15): Folder lists both as refused, the kept
// join still loads and is still listed, and neither planted entry makes
// the node list a space.
func TestFolderCountsRefusedEntries(t *testing.T) {
	ctx := context.Background()
	ana, s, inv := anaInvitesThenLeaves(t)
	ben := netPerson(t, "Ben", false)
	if _, err := ben.n.Join(ctx, inv.Link); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "Ben keeps the join", joining(ben, s.ID, ana.did, true))
	f, err := ben.n.Folder(ctx)
	if err != nil || f.Registry == nil || f.Registry.Loaded != 1 || len(f.Registry.Refused) != 0 {
		t.Fatalf("before: %+v %+v %v", f, f.Registry, err)
	}

	other := "b" + strings.Repeat("q", 52)
	clear := "b" + strings.Repeat("r", 52)
	writeFile(t, registryPath(ben, other), "", string(registryFile(t, ben, s.ID)))
	writeFile(t, registryPath(ben, clear), "", inv.Link)
	f, err = ben.n.Folder(ctx)
	if err != nil || f.Registry == nil {
		t.Fatalf("after: %+v %v", f, err)
	}
	want := []string{joinEntry(other), joinEntry(clear)}
	slices.Sort(want)
	if f.Registry.Loaded != 1 || !slices.Equal(f.Registry.Refused, want) {
		t.Fatalf("registry %+v, want 1 loaded and %v refused", *f.Registry, want)
	}
	ben.n.mu.Lock()
	ben.n.lookJoinsLocked(ctx) // as the folder mirror's look does, at once
	ben.n.mu.Unlock()
	waitFor(t, "the kept join still listed", joining(ben, s.ID, ana.did, true))
	list, err := ben.n.Spaces(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("Ben lists %+v (%v), want the one join", list, err)
	}
}
