package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/versions"
)

// ownStore is this client's own store of one space, outside the folder
// (05 §14.5): the versions it keeps, saved as a snapshot file, and its store
// writer's state. The snapshot is always saved before the writer state, so
// the state never claims a segment read or a version known that the saved
// store lacks: a crash between them only re-reads or re-uploads (harmless).
type ownStore struct {
	dir   string
	store *versions.Memory
	state segments.FileState
}

func openOwn(ctx context.Context, dir string) (*ownStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	o := &ownStore{dir: dir, store: versions.NewMemory(),
		state: segments.FileState{Path: filepath.Join(dir, "writer.json")}}
	b, err := os.ReadFile(filepath.Join(dir, "versions.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return o, nil
	}
	if err != nil {
		return nil, err
	}
	var wire []json.RawMessage
	if err := json.Unmarshal(b, &wire); err != nil {
		return nil, fmt.Errorf("own store: %w", err)
	}
	var vs []*record.Version
	for _, w := range wire {
		v, err := record.ParseBytes(w)
		if err != nil {
			return nil, fmt.Errorf("own store: %w", err)
		}
		vs = append(vs, v)
	}
	if err := o.store.Put(ctx, vs...); err != nil {
		return nil, fmt.Errorf("own store: %w", err)
	}
	return o, nil
}

// saveStore writes the snapshot of every version kept, atomically.
func (o *ownStore) saveStore() error {
	ctx := context.Background()
	sums, err := o.store.Sums(ctx)
	if err != nil {
		return err
	}
	wire := []any{}
	for c := range sums {
		vs, err := o.store.Collection(ctx, c)
		if err != nil {
			return err
		}
		for _, v := range vs {
			wire = append(wire, v.Wire())
		}
	}
	b, err := json.Marshal(wire)
	if err != nil {
		return err
	}
	tmp := filepath.Join(o.dir, "versions.json.tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(o.dir, "versions.json"))
}

// Load implements segments.StateStore.
func (o *ownStore) Load() (segments.State, error) { return o.state.Load() }

// Save implements segments.StateStore: the store first, then the state.
func (o *ownStore) Save(s segments.State) error {
	if err := o.saveStore(); err != nil {
		return err
	}
	return o.state.Save(s)
}
