package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// NodeState is what the embedded node (node/runtime) keeps across restarts
// besides its spaces' stores: the node_state row and the held_spaces rows
// of schema 0002.
type NodeState struct {
	Folder        string // data folder chosen; "" = the default (05 §14)
	AccountID     string // "" = no account yet
	DID           string
	ProfileName   string
	KeyStore      string
	NodeID        string
	NetworkMode   string // "" = off
	NetworkPort   int    // 0 = none chosen yet
	Paused        bool
	CodeUnchecked bool
	Spaces        []HeldSpace // in the node's order
}

// HeldSpace is one space the node holds: its id, and the node's state of
// it as a JSON object (the runtime's to shape: constitution, sealed keys,
// node URLs, sealed invite links, a pending join).
type HeldSpace struct {
	ID    string
	State json.RawMessage
}

// ErrBadNodeState means a NodeState was refused before anything was
// written: a space without an id, twice, or whose state is no JSON object.
var ErrBadNodeState = errors.New("bad node state")

// LoadNodeState returns the node's state, and whether one was ever saved.
func (s *Store) LoadNodeState(ctx context.Context) (NodeState, bool, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return NodeState{}, false, fmt.Errorf("load node state: %w", err)
	}
	defer tx.Rollback()
	var st NodeState
	err = tx.QueryRowContext(ctx, `SELECT folder, account_id, did, profile_name, key_store, node_id,
		network_mode, network_port, paused, code_unchecked FROM node_state WHERE id = 1`).Scan(
		&st.Folder, &st.AccountID, &st.DID, &st.ProfileName, &st.KeyStore, &st.NodeID,
		&st.NetworkMode, &st.NetworkPort, &st.Paused, &st.CodeUnchecked)
	if errors.Is(err, sql.ErrNoRows) {
		return NodeState{}, false, nil
	}
	if err != nil {
		return NodeState{}, false, fmt.Errorf("load node state: %w", err)
	}
	if st.Spaces, err = loadSpaces(ctx, tx); err != nil {
		return NodeState{}, false, fmt.Errorf("load node state: %w", err)
	}
	return st, true, nil
}

func loadSpaces(ctx context.Context, tx *sql.Tx) ([]HeldSpace, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, state FROM held_spaces ORDER BY position")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []HeldSpace
	for rows.Next() {
		var h HeldSpace
		var doc string
		if err := rows.Scan(&h.ID, &doc); err != nil {
			return nil, err
		}
		h.State = json.RawMessage(doc)
		out = append(out, h)
	}
	return out, rows.Err()
}

// SaveNodeState replaces the node's state with st in one transaction: all
// of it is written, or nothing is.
func (s *Store) SaveNodeState(ctx context.Context, st NodeState) error {
	if err := checkSpaces(st.Spaces); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save node state: %w", err)
	}
	defer tx.Rollback()
	if err := saveState(ctx, tx, st); err != nil {
		return fmt.Errorf("save node state: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save node state: %w", err)
	}
	return nil
}

func saveState(ctx context.Context, tx *sql.Tx, st NodeState) error {
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO node_state (id, folder, account_id, did,
		profile_name, key_store, node_id, network_mode, network_port, paused, code_unchecked)
		VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		st.Folder, st.AccountID, st.DID, st.ProfileName, st.KeyStore, st.NodeID,
		st.NetworkMode, st.NetworkPort, st.Paused, st.CodeUnchecked)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM held_spaces"); err != nil {
		return err
	}
	for i, h := range st.Spaces {
		if _, err := tx.ExecContext(ctx, "INSERT INTO held_spaces (id, position, state) VALUES (?, ?, ?)",
			h.ID, i, string(h.State)); err != nil {
			return fmt.Errorf("space %s: %w", h.ID, err)
		}
	}
	return nil
}

// checkSpaces refuses, before any write, spaces the schema would refuse
// halfway through one.
func checkSpaces(spaces []HeldSpace) error {
	seen := make(map[string]bool, len(spaces))
	for _, h := range spaces {
		var obj map[string]json.RawMessage
		switch {
		case h.ID == "":
			return fmt.Errorf("%w: a space without an id", ErrBadNodeState)
		case seen[h.ID]:
			return fmt.Errorf("%w: space %s twice", ErrBadNodeState, h.ID)
		case json.Unmarshal(h.State, &obj) != nil || obj == nil:
			return fmt.Errorf("%w: space %s: its state is no JSON object", ErrBadNodeState, h.ID)
		}
		seen[h.ID] = true
	}
	return nil
}
