package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/store"
)

// An older build kept the node's state in a JSON file in the profile
// directory. A node store with no state yet takes it once, in one
// transaction; the file is then renamed, never deleted, so nothing is lost
// should the import be wrong.
const (
	olderStateFile = "state.json"
	importedSuffix = ".imported" // state.json → state.json.imported
)

// importOlderState imports dir's state.json into db, if there is one, and
// renames it; no file means a new profile: an empty state.
func importOlderState(ctx context.Context, db *store.Store, dir string) (state, error) {
	path := filepath.Join(dir, olderStateFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return state{}, nil
	}
	if err != nil {
		return state{}, fmt.Errorf("read an older build's node state: %w", err)
	}
	var st state
	if err := json.Unmarshal(b, &st); err != nil {
		return state{}, fmt.Errorf("parse an older build's node state %s: %w", path, err)
	}
	if err := saveState(ctx, db, st); err != nil {
		return state{}, fmt.Errorf("import %s: %w", path, err)
	}
	if err := os.Rename(path, importedName(path)); err != nil {
		return state{}, fmt.Errorf("imported %s, but: %w", path, err)
	}
	return st, nil
}

// importedName is what path is renamed to once imported: path.imported,
// or path.imported-2, -3… when an earlier import's file is there.
func importedName(path string) string {
	name := path + importedSuffix
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s%s-%d", path, importedSuffix, i)
	}
}
