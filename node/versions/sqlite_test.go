package versions_test

import (
	"context"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

func openSQLite(t *testing.T, path string) *versions.SQLite {
	t.Helper()
	s, err := versions.OpenSQLite(context.Background(), versions.Config{Path: path})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) versions.Store {
		return openSQLite(t, filepath.Join(t.TempDir(), "space.db"))
	})
}
