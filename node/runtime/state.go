package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// stateFile is the node's own state in its profile directory.
const stateFile = "state.json"

// state is what the node keeps across restarts besides its stores.
type state struct {
	Folder      string       `json:"folder,omitempty"` // "" = the default data folder
	AccountID   string       `json:"accountId,omitempty"`
	DID         string       `json:"did,omitempty"`
	ProfileName string       `json:"profileName,omitempty"`
	KeyStore    string       `json:"keyStore,omitempty"`
	NodeID      string       `json:"nodeId,omitempty"` // public, random: names this node's key (nodeKey)
	Spaces      []spaceState `json:"spaces,omitempty"`
	Network     netState     `json:"network,omitzero"` // whether others may connect (network.go)
	Paused      bool         `json:"paused,omitempty"` // sync paused until resumed (sync.go)

	// CodeUnchecked: the account's recovery code is not yet checked
	// (api.CreateAccount.CheckCode; recoverycode.go).
	CodeUnchecked bool `json:"codeUnchecked,omitempty"`
}

// netState is the network setting: the mode, and the port chosen once for
// it and kept, so node URLs in older invites keep working.
type netState struct {
	Mode string `json:"mode,omitempty"` // "" = api.NetworkOff
	Port int    `json:"port,omitempty"` // 0 = none chosen yet
}

// spaceState is a space the node holds: its constitution as handed around,
// and (private spaces) the keys it holds, sealed with the account's local key.
type spaceState struct {
	ID           string         `json:"id"`
	Constitution map[string]any `json:"constitution"`
	SealedKeys   []string       `json:"sealedKeys,omitempty"`
	Nodes        []string       `json:"nodes,omitempty"`       // pinned node URLs to dial (04 §5.2)
	InviteLinks  []keptLink     `json:"inviteLinks,omitempty"` // links of this node's open invites, sealed (invitelinks.go)
	Joining      *pendingJoin   `json:"joining,omitempty"`     // a join waiting for its invite's record; the invite is in the registry (join_pending.go)
}

// statePath is the node's state file in the profile directory dir: what
// Status reports as StorePath. The spaces' SQLite stores sit beside it
// (spaces/<id>.db, held.go).
func statePath(dir string) string { return filepath.Join(dir, stateFile) }

// openState reads the node's state, writing an empty one first if the
// profile has none yet, so the file Status names exists once the node is open.
func openState(dir string) (state, error) {
	if _, err := os.Stat(statePath(dir)); errors.Is(err, os.ErrNotExist) {
		if err := writeState(dir, state{}); err != nil {
			return state{}, err
		}
	}
	return readState(dir)
}

func readState(dir string) (state, error) {
	var st state
	b, err := os.ReadFile(filepath.Join(dir, stateFile))
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("read node state: %w", err)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return st, fmt.Errorf("parse node state: %w", err)
	}
	return st, nil
}

// writeState replaces state.json through a temporary file.
func writeState(dir string, st state) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("make profile dir: %w", err)
	}
	tmp := filepath.Join(dir, stateFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("write node state: %w", err)
	}
	return os.Rename(tmp, filepath.Join(dir, stateFile))
}
