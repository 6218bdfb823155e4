package blobstore_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/blobstore/blobstoretest"
	"minca.dev/desktop/node/folder"
)

func TestDirSuite(t *testing.T) {
	blobstoretest.Run(t, func(t *testing.T) blobstore.Store { return newDir(t, t.TempDir()) })
}

func TestMemorySuite(t *testing.T) {
	blobstoretest.Run(t, func(t *testing.T) blobstore.Store { return blobstore.NewMemory() })
}

func newDir(t *testing.T, dir string) *blobstore.Dir {
	t.Helper()
	root, err := folder.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	d, err := blobstore.NewDir(root, "spaces")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The directory driver lays keys out as 05 §14.1 says, and lists nothing it
// did not write as a key: links, .tmp files, names that do not decode.
func TestDirLayoutAndHostileNames(t *testing.T) {
	ctx := context.Background()
	top := t.TempDir()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o600)
	d := newDir(t, top)
	if err := d.Put(ctx, "bsp/0123/000001-10773071eecc244b.seg", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := d.Put(ctx, "space:Abc", []byte("y")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(top, "spaces", "bsp", "0123", "000001-10773071eecc244b.seg")); err != nil {
		t.Fatalf("layout: %v", err)
	}
	if _, err := os.Stat(filepath.Join(top, "spaces", "space%3A%41bc")); err != nil {
		t.Fatalf("encoded name: %v", err)
	}
	sp := filepath.Join(top, "spaces", "bsp")
	os.Symlink(outside, filepath.Join(sp, "linkdir"))
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(sp, "0123", "link.seg"))
	os.WriteFile(filepath.Join(sp, "0123", "half.seg.tmp"), []byte("t"), 0o600)
	os.WriteFile(filepath.Join(sp, "0123", "Upper.seg"), []byte("u"), 0o600)
	os.WriteFile(filepath.Join(sp, "0123", "%2E%2E"), []byte("u"), 0o600)
	os.WriteFile(filepath.Join(sp, "0123", "a%2Fb"), []byte("u"), 0o600)
	os.WriteFile(filepath.Join(sp, "0123", "a%00b"), []byte("u"), 0o600)
	keys, err := d.List(ctx, "bsp/")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"bsp/0123/000001-10773071eecc244b.seg"}; !slices.Equal(keys, want) {
		t.Fatalf("list = %v, want %v", keys, want)
	}
	if d.Skipped() != 6 {
		t.Errorf("skipped %d, want 6", d.Skipped())
	}
	if _, err := d.Get(ctx, "bsp/linkdir/secret"); err == nil {
		t.Fatal("read through a link")
	}
	if _, err := d.Get(ctx, "bsp/0123/link.seg"); err == nil {
		t.Fatal("read a link")
	}
	if err := d.Put(ctx, "bsp/linkdir/planted", []byte("p")); err == nil {
		t.Fatal("wrote through a link")
	}
	if _, err := os.Stat(filepath.Join(outside, "planted")); err == nil {
		t.Fatal("a file was written outside the folder")
	}
}
