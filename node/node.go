// Package node is the Minca node runtime: one node per account profile,
// owning that profile's store (05 §12) and, in later issues, its spaces and
// sync. The window, the tray and the CLI reach it only through this API,
// never through its store.
package node

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/store"
)

// ErrNewerStore means the profile's store was written by a newer Minca; it
// is left untouched.
var ErrNewerStore = store.ErrNewerSchema

// Config says which node to open. ConfigFor fills it for a profile.
type Config struct {
	Profile           string // account profile name, e.g. paths.DefaultProfile
	StorePath         string // absolute path of the profile's SQLite store
	DefaultDataFolder string // data folder offered until the user picks one
}

// ConfigFor returns the Config of a profile in env's usual places.
func ConfigFor(env paths.Env, profile string) (Config, error) {
	storePath, err := paths.StorePath(env, profile)
	if err != nil {
		return Config{}, fmt.Errorf("node %s: %w", profile, err)
	}
	folder, err := paths.DefaultDataFolder(env)
	if err != nil {
		return Config{}, fmt.Errorf("node %s: %w", profile, err)
	}
	return Config{Profile: profile, StorePath: storePath, DefaultDataFolder: folder}, nil
}

// Node is an open node. Its methods are safe for concurrent use.
type Node struct {
	cfg   Config
	store *store.Store
}

// Open opens the node's store, creating it if needed. Nothing is created in
// the data folder.
func Open(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.DefaultDataFolder == "" {
		return nil, errors.New("open node: no default data folder")
	}
	st, err := store.Open(ctx, cfg.StorePath)
	if err != nil {
		return nil, fmt.Errorf("open node %s: %w", cfg.Profile, err)
	}
	return &Node{cfg: cfg, store: st}, nil
}

// Close closes the node's store.
func (n *Node) Close() error { return n.store.Close() }

// Status is what a node says about itself.
type Status struct {
	Profile          string // account profile name
	StorePath        string // the node's own SQLite store
	StoreSchema      int    // schema version of the store
	JournalMode      string // SQLite journal mode of the store ("wal")
	DataFolder       string // the data folder: chosen, else the default
	DataFolderChosen bool   // whether the user chose DataFolder
	DataFolderExists bool   // whether DataFolder exists on disk
}

// Status reads the node's status from its store and the disk.
func (n *Node) Status(ctx context.Context) (Status, error) {
	schema, err := n.store.SchemaVersion(ctx)
	if err != nil {
		return Status{}, fmt.Errorf("node status: %w", err)
	}
	mode, err := n.store.JournalMode(ctx)
	if err != nil {
		return Status{}, fmt.Errorf("node status: %w", err)
	}
	folder, chosen, err := n.store.Setting(ctx, store.SettingDataFolder)
	if err != nil {
		return Status{}, fmt.Errorf("node status: %w", err)
	}
	if !chosen {
		folder = n.cfg.DefaultDataFolder
	}
	exists, err := isDir(folder)
	if err != nil {
		return Status{}, fmt.Errorf("node status: data folder: %w", err)
	}
	return Status{
		Profile:          n.cfg.Profile,
		StorePath:        n.store.Path(),
		StoreSchema:      schema,
		JournalMode:      mode,
		DataFolder:       folder,
		DataFolderChosen: chosen,
		DataFolderExists: exists,
	}, nil
}

func isDir(path string) (bool, error) {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return info.IsDir(), nil
}
