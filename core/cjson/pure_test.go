package cjson

import (
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// core is pure (team brief): no files, network, clock or global randomness.
// This reads the package's own imports and refuses those that bring them.
func TestImportsArePure(t *testing.T) {
	banned := []string{"os", "net", "time", "crypto/rand", "math/rand", "math/rand/v2", "io/ioutil",
		"path/filepath", "database/sql", "syscall", "os/exec", "github.com/wailsapp", "modernc.org/sqlite"}
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(token.NewFileSet(), name, nil, goparser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, b := range banned {
				if path == b || strings.HasPrefix(path, b+"/") {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
}
