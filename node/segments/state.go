package segments

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/versions"
)

// State is what a store writer remembers (05 §16.4): its id, its counter,
// the segments it has read and the versions it knows are in the blob store.
// It lives in the client's own store, never in the blob store or the data
// folder (05 §14.5).
type State struct {
	WriterID string `json:"writerId"`
	Counter  int    `json:"counter"`
	// Read: keys of other store writers' segments read.
	Read map[string]bool `json:"read"`
	// Known: version id → the form known to be in the blob store.
	Known map[string]versions.Form `json:"known"`
}

// StateStore keeps a store writer's State.
type StateStore interface {
	// Load returns the saved state; a fresh one (empty WriterID) if none.
	Load() (State, error)
	// Save replaces the saved state, atomically.
	Save(State) error
}

// NewWriterID makes a store writer id: 128 random bits as 32 lower-case hex
// (05 §16.2).
func NewWriterID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("writer id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// FileState keeps a State as a JSON file in the client's own directory
// (outside any data folder), replaced atomically through a .tmp file.
type FileState struct{ Path string }

// Load implements StateStore.
func (f FileState) Load() (State, error) {
	b, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return State{}, nil
	}
	if err != nil {
		return State{}, fmt.Errorf("load writer state: %w", err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return State{}, fmt.Errorf("load writer state %s: %w", f.Path, err)
	}
	return s, nil
}

// Save implements StateStore.
func (f FileState) Save(s State) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("save writer state: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o700); err != nil {
		return fmt.Errorf("save writer state: %w", err)
	}
	tmp := f.Path + ".tmp"
	w, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("save writer state: %w", err)
	}
	_, err = w.Write(b)
	if err == nil {
		err = w.Sync()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, f.Path)
	}
	if err != nil {
		return fmt.Errorf("save writer state: %w", err)
	}
	return nil
}

// MemoryState keeps a State in memory (a node that keeps nothing on disk).
type MemoryState struct{ s State }

// Load implements StateStore.
func (m *MemoryState) Load() (State, error) { return clone(m.s), nil }

// Save implements StateStore.
func (m *MemoryState) Save(s State) error { m.s = clone(s); return nil }

func clone(s State) State {
	out := State{WriterID: s.WriterID, Counter: s.Counter,
		Read: map[string]bool{}, Known: map[string]versions.Form{}}
	for k, v := range s.Read {
		out.Read[k] = v
	}
	for k, v := range s.Known {
		out.Known[k] = v
	}
	return out
}
