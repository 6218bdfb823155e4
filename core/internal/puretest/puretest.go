// Package puretest checks, from a core package's own tests, that the
// package is pure (team brief: core takes no files, network, clock or
// global randomness; its callers pass them in). Only _test files import it.
//
// Every core package calls Check from a pure_test.go of its own
// (TestEveryCorePackageIsChecked keeps it so), except the packages that
// exist only for tests (this one, core/internal/testkit,
// core/negentropy/storagetest).
package puretest

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Banned is what a pure core package must not import: files, the network,
// global randomness (crypto/rand's Reader, math/rand's source), storage,
// the window, and the node and app above core.
var Banned = []string{"os", "net", "crypto/rand", "math/rand", "io/ioutil",
	"path/filepath", "database/sql", "syscall", "os/exec", "github.com/wailsapp", "modernc.org/sqlite",
	"minca.dev/desktop/node", "minca.dev/desktop/app"}

// Allowed are the imports below a Banned path that stay pure: net/url only
// parses and writes URLs (core/invite reads links with it).
var Allowed = []string{"net/url"}

// ClockCalls are the functions of package time that read or wait on the
// clock. time itself is allowed: core takes time.Time values and durations
// from its callers, and reads no clock.
var ClockCalls = []string{"Now", "Since", "Until", "Sleep", "After", "Tick", "NewTimer",
	"NewTicker", "AfterFunc"}

// Check fails t where the package in the current directory (the package
// under test) is not pure: each import that is Banned or below one, unless
// Allowed, and each call to a clock function of time. It reads every
// non-test Go file, whatever its build tags.
func Check(t testing.TB) {
	t.Helper()
	ctx := build.Default
	ctx.UseAllFiles = true
	pkg, err := ctx.ImportDir(".", build.ImportComment)
	if err != nil {
		t.Fatal(err)
	}
	checkImports(t, pkg)
	for _, name := range append(append([]string(nil), pkg.GoFiles...), pkg.CgoFiles...) {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(pkg.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checkClock(t, name, f)
	}
}

func checkImports(t testing.TB, pkg *build.Package) {
	t.Helper()
	for _, path := range sortedKeys(pkg.ImportPos) {
		if !banned(path) {
			continue
		}
		for _, pos := range pkg.ImportPos[path] {
			t.Errorf("%s imports %s", pos.Filename, path)
		}
	}
}

func banned(path string) bool {
	for _, a := range Allowed {
		if path == a {
			return false
		}
	}
	for _, b := range Banned {
		if path == b || strings.HasPrefix(path, b+"/") {
			return true
		}
	}
	return false
}

// checkClock fails t for each time.<ClockCall> in f, under whatever name
// the file imports time as; a dot import of time hides them, so it fails too.
func checkClock(t testing.TB, name string, f *ast.File) {
	t.Helper()
	local := ""
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path != "time" {
			continue
		}
		local = "time"
		if imp.Name != nil {
			local = imp.Name.Name
		}
	}
	switch local {
	case "":
		return
	case ".":
		t.Errorf("%s imports time with a dot: its clock calls cannot be told", name)
		return
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, isID := sel.X.(*ast.Ident); isID && id.Name == local && isClockCall(sel.Sel.Name) {
			t.Errorf("%s reads the clock: time.%s", name, sel.Sel.Name)
		}
		return true
	})
}

func isClockCall(name string) bool {
	for _, c := range ClockCalls {
		if name == c {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
