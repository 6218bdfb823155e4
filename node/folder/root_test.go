package folder

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRootRefusesLinksAndUnsafeNames(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o600)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.WriteFile([]byte("hi"), "a", "b"); err != nil {
		t.Fatal(err)
	}
	os.Symlink(outside, filepath.Join(dir, "out"))
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "a", "s"))
	if _, err := r.ReadFile("out", "secret"); !errors.Is(err, ErrUnsafe) {
		t.Errorf("read through dir link: %v", err)
	}
	if _, err := r.ReadFile("a", "s"); !errors.Is(err, ErrUnsafe) {
		t.Errorf("read file link: %v", err)
	}
	if err := r.WriteFile([]byte("x"), "out", "new"); !errors.Is(err, ErrUnsafe) {
		t.Errorf("write through link: %v", err)
	}
	if err := r.WriteFile([]byte("x"), "a", "s"); !errors.Is(err, ErrUnsafe) {
		t.Errorf("write over link: %v", err)
	}
	if err := r.Remove("out", "secret"); err == nil {
		t.Errorf("remove through link")
	}
	if _, err := os.Stat(filepath.Join(outside, "secret")); err != nil {
		t.Fatalf("outside file touched: %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "new")); err == nil {
		t.Fatal("file written outside")
	}
	for _, bad := range [][]string{{".."}, {"a", ".."}, {""}, {"a/b"}, {"a\x00"}, {`..\x`}} {
		if _, err := r.ReadFile(bad...); !errors.Is(err, ErrUnsafe) {
			t.Errorf("read %q: %v", bad, err)
		}
	}
	l, err := r.List("a")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 1 || l.Entries[0].Name != "b" || l.Skipped != 1 {
		t.Fatalf("list = %+v", l)
	}
}

func TestAtomicWriteLeavesNoTmp(t *testing.T) {
	dir := t.TempDir()
	r, _ := Open(dir)
	defer r.Close()
	for i := 0; i < 3; i++ {
		if err := r.WriteFile([]byte(strings.Repeat("x", i)), "f"); err != nil {
			t.Fatal(err)
		}
	}
	des, _ := os.ReadDir(dir)
	if len(des) != 1 {
		t.Fatalf("left %d files", len(des))
	}
	b, _ := r.ReadFile("f")
	if string(b) != "xx" {
		t.Fatalf("content %q", b)
	}
	os.WriteFile(filepath.Join(dir, "g.tmp"), nil, 0o600)
	l, _ := r.List()
	if len(l.Entries) != 1 {
		t.Fatalf("tmp listed: %+v", l)
	}
}

func TestRegistryLayout(t *testing.T) {
	dir := t.TempDir()
	r, _ := Open(dir)
	defer r.Close()
	if _, err := OpenRegistry(r, "k3j9x0q2mz7a"); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"kv", "versions"} {
		if fi, err := os.Stat(filepath.Join(dir, "accounts", "k3j9x0q2mz7a", "stores", "registry", sub)); err != nil || !fi.IsDir() {
			t.Errorf("registry/%s: %v", sub, err)
		}
	}
	if _, err := OpenRegistry(r, "../x"); !errors.Is(err, ErrUnsafe) {
		t.Errorf("bad id: %v", err)
	}
}

func TestCheckOutside(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "Minca")
	os.MkdirAll(f, 0o700)
	os.Symlink(f, filepath.Join(dir, "link"))
	for _, own := range []string{f, filepath.Join(f, "own"), filepath.Join(dir, "link", "x", "y")} {
		if err := CheckOutside(f, own); !errors.Is(err, ErrInside) {
			t.Errorf("%s: %v", own, err)
		}
	}
	for _, own := range []string{filepath.Join(dir, "own"), filepath.Join(dir, "Minca2")} {
		if err := CheckOutside(f, own); err != nil {
			t.Errorf("%s: %v", own, err)
		}
	}
}
