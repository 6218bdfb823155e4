package puretest

import (
	"fmt"
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
// fails; a test file importing os does not.
func TestCheckImports(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go":      "package p\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar _, _ = fmt.Sprint, os.Exit\n",
		"b.go":      "//go:build windows\n\npackage p\n\nimport \"net/http\"\n\nvar _ = http.Get\n",
		"a_test.go": "package p\n\nimport \"os\"\n\nvar _ = os.Exit\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	r := &recorder{TB: t}
	CheckImports(r)
	want := []string{"b.go imports net/http", "a.go imports os"}
	if len(r.errs) != len(want) {
		t.Fatalf("errors %q, want %q", r.errs, want)
	}
	for i, e := range r.errs {
		if !strings.HasSuffix(e, want[i]) {
			t.Errorf("error %d: %q, want …%q", i, e, want[i])
		}
	}
}
