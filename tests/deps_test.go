package tests

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The module's one-way dependencies (docs/ARCHITECTURE.md):
// core ← node ← app, tray, CLI; only node reaches its store; only one file
// imports Wails.
const (
	module   = "minca.dev/desktop"
	wailsPkg = "github.com/wailsapp/wails"
	// wailsFile is the one file that may import Wails.
	wailsFile = "app/window/window.go"
)

// coreBanned lists what a core package must not import, directly (here) or
// through a package outside the standard library (deps_transitive_test.go):
// the rest of the app, UI and platform libraries, storage, the network, and
// the file system (core is pure: its callers pass data, time and randomness
// in). Packages only tests import (core/internal/puretest) are exempt.
var coreBanned = []string{
	module + "/node", module + "/app", module + "/keychain", module + "/tests",
	wailsPkg, "modernc.org/sqlite", "database/sql", "github.com/getlantern/systray",
	"github.com/zalando/go-keyring", "github.com/emersion/go-autostart", "github.com/godbus/dbus",
	"net", "os", "io/ioutil", "path/filepath", "syscall", "plugin", "embed",
}

// corePure lists packages under a banned prefix that do no I/O: net/url
// only parses and escapes strings (invite links, 03 §7.4).
var corePure = []string{"net/url"}

// nodeBanned lists what node must not import: it knows nothing of its UIs.
var nodeBanned = []string{module + "/app", wailsPkg, "github.com/getlantern/systray"}

// violation is one import that breaks a rule.
type violation struct{ file, imp, rule string }

// banned reports whether imp is pkg or below it.
func banned(imp string, list []string) bool {
	for _, b := range list {
		if imp == b || strings.HasPrefix(imp, b+"/") {
			return true
		}
	}
	return false
}

// check applies the rules to one file's imports; rel is its slash path in
// the module, forTests whether its package is one only tests import
// (testOnly). Tests of core may read their testdata, so the core rule
// holds for core's non-test files; the Wails rule holds for every file.
func check(rel string, imports []string, forTests bool) []violation {
	var out []violation
	for _, imp := range imports {
		switch {
		case strings.HasPrefix(rel, "core/") && !strings.HasSuffix(rel, "_test.go") && !forTests &&
			banned(imp, coreBanned) && !slices.Contains(corePure, imp):
			out = append(out, violation{rel, imp, "core is pure"})
		case strings.HasPrefix(rel, "node/") && banned(imp, nodeBanned):
			out = append(out, violation{rel, imp, "node knows nothing of its UIs"})
		case !strings.HasPrefix(rel, "node/") && banned(imp, []string{module + "/node/store"}):
			out = append(out, violation{rel, imp, "only node reaches its store; others use node's API"})
		case banned(imp, []string{wailsPkg}) && rel != wailsFile:
			out = append(out, violation{rel, imp, "only " + wailsFile + " imports Wails"})
		}
	}
	return out
}

// moduleImports returns every Go file of the module (outside node_modules
// and testdata) with its imports, by slash path.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		var imps []string
		for _, is := range f.Imports {
			imp, _ := strconv.Unquote(is.Path.Value)
			imps = append(imps, imp)
		}
		files[filepath.ToSlash(rel)] = imps
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestDependencies(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	files := moduleImports(t, root)
	if len(files) < 10 {
		t.Fatalf("found only %d Go files under %s", len(files), root)
	}
	forTests := testOnly(listPackages(t, root))
	wails := 0
	for rel, imps := range files {
		for _, v := range check(rel, imps, forTests[module+"/"+path.Dir(rel)]) {
			t.Errorf("%s imports %s: %s", v.file, v.imp, v.rule)
		}
		for _, imp := range imps {
			if banned(imp, []string{wailsPkg}) {
				wails++
				break
			}
		}
	}
	if wails != 1 {
		t.Errorf("%d files import Wails, want exactly one (%s)", wails, wailsFile)
	}
}

// TestDependencyRulesCatch: each rule fires on a file that breaks it, and
// not on one that keeps it.
func TestDependencyRulesCatch(t *testing.T) {
	tests := []struct {
		file, imp string
		bad       bool
		forTests  bool // a package only tests import
	}{
		{"core/record/x.go", "minca.dev/desktop/node", true, false},
		{"core/record/x.go", "minca.dev/desktop/node/store", true, false},
		{"core/record/x.go", "minca.dev/desktop/app", true, false},
		{"core/record/x.go", "github.com/wailsapp/wails/v2/pkg/runtime", true, false},
		{"core/record/x.go", "modernc.org/sqlite", true, false},
		{"core/record/x.go", "database/sql", true, false},
		{"core/record/x.go", "net", true, false},
		{"core/record/x.go", "net/http", true, false},
		{"core/record/x.go", "os", true, false},
		{"core/record/x.go", "os/exec", true, false},
		{"core/record/x_test.go", "os", false, false},
		{"core/record/x_test.go", "github.com/wailsapp/wails/v2", true, false},
		{"core/record/x.go", "path/filepath", true, false},
		{"core/internal/puretest/x.go", "path/filepath", false, true},
		{"core/internal/puretest/x.go", "github.com/wailsapp/wails/v2", true, true},
		{"core/record/x.go", "crypto/ecdsa", false, false},
		{"core/record/x.go", "minca.dev/desktop/core/cjson", false, false},
		{"core/record/x.go", "network/thing", false, false},
		{"node/x.go", "minca.dev/desktop/app", true, false},
		{"node/x.go", "minca.dev/desktop/core/record", false, false},
		{"node/store/x.go", "modernc.org/sqlite", false, false},
		{"app/x.go", "github.com/wailsapp/wails/v2", true, false},
		{"main.go", "github.com/wailsapp/wails/v2", true, false},
		{wailsFile, "github.com/wailsapp/wails/v2/pkg/options", false, false},
		{"app/tray/x.go", "github.com/getlantern/systray", false, false},
		{"app/cli/x.go", "minca.dev/desktop/node/store", true, false},
		{"app/x.go", "minca.dev/desktop/node", false, false},
		{"node/x.go", "minca.dev/desktop/node/store", false, false},
	}
	for _, tt := range tests {
		if got := len(check(tt.file, []string{tt.imp}, tt.forTests)) > 0; got != tt.bad {
			t.Errorf("%s importing %s: violation %v, want %v", tt.file, tt.imp, got, tt.bad)
		}
	}
}
