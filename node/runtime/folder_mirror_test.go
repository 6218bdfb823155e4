package runtime

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// Two devices of one account share a data folder and no network (no Hub,
// no sockets): the second, restored with the recovery code from the folder,
// comes to hold every space and record through the folder's segments alone
// (05 §14, §16), a private one readable; what it writes reaches the first,
// and a device that was closed pulls what it missed when it opens again.
// The store writers' state stays in each profile, never in the folder.
func TestFolderMirrorSecondDevice(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	a := openWith(t, filepath.Join(dir, "a"), nil)
	if _, err := a.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, pub, priv := aliceTwoSpaces(t, a)
	pubID, err := a.Write(ctx, api.Write{SpaceID: pub.ID, Collection: "app.chat", Body: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	privID, err := a.Write(ctx, api.Write{SpaceID: priv.ID, Collection: "app.chat", Body: "secret"})
	if err != nil {
		t.Fatal(err)
	}

	b := openWith(t, filepath.Join(dir, "b"), nil)
	if _, err := b.RestoreAccount(ctx, api.RestoreAccount{Folder: shared, RecoveryCode: acc.RecoveryCode, Passphrase: "pass phrase two"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "device b holds both spaces from the folder", holdsSpaces(b, pub.ID, priv.ID))
	pb := &person{name: "Alice on b", n: b}
	pa := &person{name: "Alice on a", n: a}
	waitFor(t, "device b reads the public record", func() error { return reads(pb, pub.ID, pubID, "hello") })
	waitFor(t, "device b reads the private record", func() error { return reads(pb, priv.ID, privID, "secret") })

	fromB, err := b.Write(ctx, api.Write{SpaceID: priv.ID, Collection: "app.chat", Body: "from b"})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "device a reads what b wrote", func() error { return reads(pa, priv.ID, fromB, "from b") })

	// a writes and closes at once, within the push's debounce: the push on
	// close carries it. Then b writes; a opens again and pulls.
	last, err := a.Write(ctx, api.Write{SpaceID: priv.ID, Collection: "app.chat", Body: "last words"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "device b reads what a pushed on close", func() error { return reads(pb, priv.ID, last, "last words") })
	later, err := b.Write(ctx, api.Write{SpaceID: pub.ID, Collection: "app.chat", Body: "while a was off"})
	if err != nil {
		t.Fatal(err)
	}
	a2 := openWith(t, filepath.Join(dir, "a"), nil)
	if _, err := a2.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	pa2 := &person{name: "Alice on a, reopened", n: a2}
	waitFor(t, "reopened device a pulls what it missed", func() error { return reads(pa2, pub.ID, later, "while a was off") })

	segs, states := 0, 0
	filepath.WalkDir(shared, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".seg") {
			segs++
		}
		if err == nil && strings.HasPrefix(d.Name(), "mirror") {
			t.Errorf("store writer state in the data folder: %s", p)
		}
		return nil
	})
	for _, home := range []string{"a", "b"} {
		filepath.WalkDir(filepath.Join(dir, home), func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".json") && filepath.Base(filepath.Dir(filepath.Dir(p))) == mirrorDir {
				states++
			}
			return nil
		})
	}
	if segs == 0 || states == 0 {
		t.Fatalf("%d segments in the folder, %d store writer states in the profiles", segs, states)
	}
}

// aliceTwoSpaces creates Alice's account on n (passphrase "pass phrase"),
// then a public space (team) and a private one (notebook).
func aliceTwoSpaces(t *testing.T, n *Node) (acc api.NewAccount, pub, priv api.SpaceSummary) {
	t.Helper()
	ctx := context.Background()
	acc, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"})
	if err != nil {
		t.Fatal(err)
	}
	if pub, err = n.CreateSpace(ctx, api.CreateSpace{Name: "Public", Template: "team"}); err != nil {
		t.Fatal(err)
	}
	if priv, err = n.CreateSpace(ctx, api.CreateSpace{Name: "Private", Template: "notebook", Private: true}); err != nil {
		t.Fatal(err)
	}
	return acc, pub, priv
}

// holdsSpaces says whether n holds exactly the spaces ids.
func holdsSpaces(n *Node, ids ...string) func() error {
	return func() error {
		ss, err := n.Spaces(context.Background())
		if err != nil {
			return err
		}
		var got []string
		for _, s := range ss {
			got = append(got, s.ID)
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(ids))
		if !slices.Equal(got, want) {
			return fmt.Errorf("holds %v, want %v", got, want)
		}
		return nil
	}
}
