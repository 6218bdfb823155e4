package record

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// core is pure (team brief): no files, network, clock or global randomness.
// time is allowed for time.Time values passed in; reading the clock is not.
var (
	bannedImports = []string{"os", "net", "crypto/rand", "math/rand", "io/ioutil", "path/filepath",
		"database/sql", "syscall", "os/exec", "github.com/wailsapp", "modernc.org/sqlite", "minca.dev/desktop/node"}
	clockCalls = map[string]bool{"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true,
		"Tick": true, "NewTimer": true, "NewTicker": true, "AfterFunc": true}
)

func TestPackageIsPure(t *testing.T) {
	for _, dir := range []string{".", "definition"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := goparser.ParseFile(token.NewFileSet(), name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			checkFile(t, name, f)
		}
	}
}

func checkFile(t *testing.T, name string, f *ast.File) {
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		for _, b := range bannedImports {
			if path == b || strings.HasPrefix(path, b+"/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if id, isID := selX(sel, ok); isID && id == "time" && clockCalls[sel.Sel.Name] {
			t.Errorf("%s reads the clock: time.%s", name, sel.Sel.Name)
		}
		return true
	})
}

func selX(sel *ast.SelectorExpr, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	id, isID := sel.X.(*ast.Ident)
	if !isID {
		return "", false
	}
	return id.Name, true
}
