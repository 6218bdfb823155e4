package puretest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors it is given.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatal(a ...any) { r.errs = append(r.errs, fmt.Sprint(a...)) }

// A package file importing os or a net subpackage, under any build tag,
// fails, and so does one reading the clock under any name for time or
// hiding it behind a dot import; a test file importing os, time values
// and net/url do not.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go":      "package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar _, _ = fmt.Sprint, os.Exit\n",
		"b.go":      "//go:build windows\n\npackage p\n\nimport \"net/http\"\n\nvar _ = http.Get\n",
		"c.go":      "package p\n\nimport clock \"time\"\n\nfunc f() clock.Time { return clock.Now() }\n",
		"d.go":      "package p\n\nimport \"time\"\n\nfunc g(t time.Time) { time.Sleep(time.Until(t)) }\n",
		"e.go":      "package p\n\nimport (\n\t\"net/url\"\n\t\"time\"\n)\n\nvar _, _ = url.Parse, time.Unix(0, 0).Add(time.Second)\n",
		"f.go":      "package p\n\nimport . \"time\"\n\nvar _ = Second\n",
		"a_test.go": "package p\n\nimport (\n\t\"os\"\n\t\"time\"\n)\n\nvar _, _ = os.Exit, time.Now\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	r := &recorder{TB: t}
	Check(r)
	want := []string{"b.go imports net/http", "a.go imports os", "c.go reads the clock: time.Now",
		"d.go reads the clock: time.Sleep", "d.go reads the clock: time.Until",
		"f.go imports time with a dot: its clock calls cannot be told"}
	if len(r.errs) != len(want) {
		t.Fatalf("errors %q, want %q", r.errs, want)
	}
	for i, e := range r.errs {
		if !strings.HasSuffix(e, want[i]) {
			t.Errorf("error %d: %q, want …%q", i, e, want[i])
		}
	}
}

// forTestsOnly are the core packages that exist only for tests: they are
// not checked.
var forTestsOnly = map[string]bool{"internal/puretest": true, "internal/testkit": true, "negentropy/storagetest": true}

// Every core package with Go code has a pure_test.go that calls Check, so
// a new package cannot be left out.
func TestEveryCorePackageIsChecked(t *testing.T) {
	core := filepath.Join("..", "..")
	packages := 0
	err := filepath.WalkDir(core, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(core, path)
		if d.Name() == "testdata" || forTestsOnly[filepath.ToSlash(rel)] {
			return filepath.SkipDir
		}
		if !hasCode(t, path) {
			return nil
		}
		packages++
		text, err := os.ReadFile(filepath.Join(path, "pure_test.go"))
		if err != nil || !strings.Contains(string(text), "puretest.Check(t)") {
			t.Errorf("core/%s has no pure_test.go calling puretest.Check(t)", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if packages < 15 {
		t.Errorf("found %d core packages, fewer than there are", packages)
	}
}

// hasCode says whether dir holds a non-test Go file.
func hasCode(t *testing.T, dir string) bool {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}
