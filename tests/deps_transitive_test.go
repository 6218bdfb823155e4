package tests

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// goPackage is what `go list -json` says of a package.
type goPackage struct {
	ImportPath                         string
	Standard                           bool
	Imports, TestImports, XTestImports []string
}

// listPackages runs `go list -deps -json ./...` in the module root: every
// package of the module (default build tags) and every package they need.
func listPackages(t *testing.T, root string) map[string]goPackage {
	t.Helper()
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps",
		"-json=ImportPath,Standard,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps -json ./...: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]goPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
}

// testOnly returns the module's packages that only tests import (helpers
// such as core/internal/puretest): some test imports them, and no
// package's own code does. They may read files; the purity rules hold for
// what the program runs.
func testOnly(pkgs map[string]goPackage) map[string]bool {
	inCode, inTests := map[string]bool{}, map[string]bool{}
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			inCode[imp] = true
		}
		for _, imp := range slices.Concat(p.TestImports, p.XTestImports) {
			inTests[imp] = true
		}
	}
	only := map[string]bool{}
	for path := range inTests {
		if !inCode[path] && strings.HasPrefix(path, module+"/") {
			only[path] = true
		}
	}
	return only
}

// reach returns the packages outside the standard library that the roots
// need, each with the chain of imports from a root to it. It does not go
// through the standard library, whose own imports (fmt's os, say) are not
// the app's doing; what a package outside it imports directly counts.
func reach(pkgs map[string]goPackage, roots []string) map[string][]string {
	chains := map[string][]string{}
	queue := []string{}
	for _, r := range roots {
		chains[r] = []string{r}
		queue = append(queue, r)
	}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		for _, imp := range pkgs[path].Imports {
			if _, seen := chains[imp]; seen || pkgs[imp].Standard {
				continue
			}
			chains[imp] = append(slices.Clone(chains[path]), imp)
			queue = append(queue, imp)
		}
	}
	return chains
}

// depRule is a rule on what a layer's packages need, directly or through
// packages outside the standard library.
type depRule struct {
	layer  string   // import path prefix of the layer's packages
	banned []string // as for banned
	allow  []string // exceptions below a banned path
	// allowOutside are banned imports a package outside the module may
	// have: embed puts data in the binary at build time (filippo.io/nistec's
	// precomputed P-256 table) and reads no file at run time.
	allowOutside []string
	why          string
}

// depRules are the module's one-way dependencies (docs/ARCHITECTURE.md),
// followed through every package outside the standard library.
var depRules = []depRule{
	{module + "/core", coreBanned, corePure, []string{"embed"}, "core is pure"},
	{module + "/node", nodeBanned, nil, nil, "node knows nothing of its UIs"},
}

// transitiveViolations applies the rules to the packages of each layer
// (but those only tests import) and to everything they need outside the
// standard library; each violation names the chain of imports.
func transitiveViolations(pkgs map[string]goPackage) []string {
	skip := testOnly(pkgs)
	var out []string
	for _, rule := range depRules {
		var roots []string
		for path := range pkgs {
			if (path == rule.layer || strings.HasPrefix(path, rule.layer+"/")) && !skip[path] {
				roots = append(roots, path)
			}
		}
		slices.Sort(roots)
		chains := reach(pkgs, roots)
		for _, path := range slices.Sorted(maps.Keys(chains)) {
			for _, imp := range pkgs[path].Imports {
				outside := !strings.HasPrefix(path, module+"/")
				if banned(imp, rule.banned) && !slices.Contains(rule.allow, imp) &&
					!(outside && slices.Contains(rule.allowOutside, imp)) {
					out = append(out, strings.Join(append(slices.Clone(chains[path]), imp), " → ")+": "+rule.why)
				}
			}
		}
	}
	return out
}

// TestTransitiveDependencies: core and node need nothing banned to them,
// not even through a third-party or internal package.
func TestTransitiveDependencies(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := listPackages(t, root)
	if _, ok := pkgs[module+"/core/record"]; !ok || len(pkgs) < 50 {
		t.Fatalf("go list found %d packages, not core/record among them", len(pkgs))
	}
	for _, v := range transitiveViolations(pkgs) {
		t.Error(v)
	}
}

// TestTransitiveRulesCatch: a banned package reached through a third-party
// or an internal package is caught, with its chain; one reached only
// through the standard library, or needed only by a test helper, is not.
func TestTransitiveRulesCatch(t *testing.T) {
	std := func(path string, imps ...string) goPackage {
		return goPackage{ImportPath: path, Standard: true, Imports: imps}
	}
	pkgs := map[string]goPackage{
		module + "/core/record": {ImportPath: module + "/core/record",
			Imports:     []string{"fmt", "net/url", "example.com/parse", module + "/core/cjson"},
			TestImports: []string{module + "/core/internal/puretest"}},
		module + "/core/cjson":             {ImportPath: module + "/core/cjson", Imports: []string{"example.com/fast", "embed"}},
		module + "/core/internal/puretest": {ImportPath: module + "/core/internal/puretest", Imports: []string{"os", "path/filepath"}},
		"example.com/parse":                {ImportPath: "example.com/parse", Imports: []string{"strings", "example.com/deep"}},
		"example.com/deep":                 {ImportPath: "example.com/deep", Imports: []string{"net"}},
		"example.com/fast":                 {ImportPath: "example.com/fast", Imports: []string{"embed", "modernc.org/sqlite", module + "/node/api", wailsPkg + "/v2"}},
		module + "/node/runtime":           {ImportPath: module + "/node/runtime", Imports: []string{"example.com/ui", "os", "database/sql"}},
		"example.com/ui":                   {ImportPath: "example.com/ui", Imports: []string{"github.com/getlantern/systray"}},
		"fmt":                              std("fmt", "os"),
		"os":                               std("os", "syscall"),
		"strings":                          std("strings"),
		"net/url":                          std("net/url", "net/netip"),
	}
	got := transitiveViolations(pkgs)
	want := []string{
		module + "/core/cjson → embed: core is pure",
		module + "/core/cjson → example.com/fast → modernc.org/sqlite: core is pure",
		module + "/core/cjson → example.com/fast → " + module + "/node/api: core is pure",
		module + "/core/cjson → example.com/fast → " + wailsPkg + "/v2: core is pure",
		module + "/core/record → example.com/parse → example.com/deep → net: core is pure",
		module + "/node/runtime → example.com/ui → github.com/getlantern/systray: node knows nothing of its UIs",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
