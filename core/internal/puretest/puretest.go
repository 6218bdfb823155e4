// Package puretest checks, from a core package's own tests, that the
// package is pure (team brief: core takes no files, network, clock or
// global randomness; its callers pass them in). Only _test files import it.
package puretest

import (
	"go/build"
	"sort"
	"strings"
	"testing"
)

// Banned is what a pure core package must not import: files, the network,
// the clock, global randomness, storage, the window.
var Banned = []string{"os", "net", "time", "crypto/rand", "math/rand", "math/rand/v2", "io/ioutil",
	"path/filepath", "database/sql", "syscall", "os/exec", "github.com/wailsapp", "modernc.org/sqlite"}

// CheckImports reads the imports of the non-test Go files in the current
// directory (the package under test), whatever their build tags, and fails
// t for each that is Banned or below it.
func CheckImports(t testing.TB) {
	t.Helper()
	ctx := build.Default
	ctx.UseAllFiles = true
	pkg, err := ctx.ImportDir(".", build.ImportComment)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range sortedKeys(pkg.ImportPos) {
		for _, b := range Banned {
			if path == b || strings.HasPrefix(path, b+"/") {
				for _, pos := range pkg.ImportPos[path] {
					t.Errorf("%s imports %s", pos.Filename, path)
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
