package node

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/store"
)

func openInHome(t *testing.T) (*Node, string) {
	t.Helper()
	home := t.TempDir()
	cfg, err := ConfigFor(paths.Env{GOOS: "linux", Home: home}, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n, home
}

func TestStatusOfFreshNode(t *testing.T) {
	n, home := openInHome(t)
	st, err := n.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := Status{
		Profile:     "default",
		StorePath:   filepath.Join(home, ".local/share/minca/profiles/default/node.db"),
		StoreSchema: 1,
		JournalMode: "wal",
		DataFolder:  filepath.Join(home, "Minca"),
	}
	if st != want {
		t.Fatalf("status\n got %+v\nwant %+v", st, want)
	}
	if _, err := os.Stat(st.StorePath); err != nil {
		t.Errorf("store not on disk: %v", err)
	}
	// Opening the node creates nothing in the data folder.
	if _, err := os.Stat(st.DataFolder); !os.IsNotExist(err) {
		t.Errorf("data folder exists after open: %v", err)
	}
}

func TestStatusFollowsChosenFolder(t *testing.T) {
	n, home := openInHome(t)
	ctx := context.Background()
	chosen := filepath.Join(home, "Sync", "Minca")
	if err := n.store.SetSetting(ctx, store.SettingDataFolder, chosen); err != nil {
		t.Fatal(err)
	}
	st, err := n.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.DataFolder != chosen || !st.DataFolderChosen || st.DataFolderExists {
		t.Fatalf("status %+v", st)
	}
	if err := os.MkdirAll(chosen, 0o700); err != nil {
		t.Fatal(err)
	}
	if st, _ = n.Status(ctx); !st.DataFolderExists {
		t.Fatalf("status %+v: folder exists on disk", st)
	}
}

func TestOpenNeedsDefaultFolder(t *testing.T) {
	_, err := Open(context.Background(), Config{StorePath: filepath.Join(t.TempDir(), "n.db")})
	if err == nil {
		t.Fatal("opened without a default data folder")
	}
}
