package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/store"
)

// state is what the node keeps across restarts besides its spaces' stores,
// in the profile's node store (node/store: node.db, SQLite in WAL mode,
// STRICT tables), saved whole in one transaction by saveLocked. The JSON
// names are those of the state.json an older build kept (state_import.go);
// a held space is kept as its spaceState in JSON (store.HeldSpace).
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

// storePath is the node's store in the profile directory dir: what Status
// reports as StorePath. The spaces' SQLite stores sit beside it
// (spaces/<id>.db, held.go).
func storePath(dir string) string { return filepath.Join(dir, paths.StoreFile) }

// openNodeStore opens the profile's node store and reads the node's state
// from it, importing an older build's state.json first if the store has
// none yet.
func openNodeStore(ctx context.Context, dir string) (*store.Store, state, error) {
	db, err := store.Open(ctx, storePath(dir))
	if err != nil {
		return nil, state{}, fmt.Errorf("node store: %w", err)
	}
	st, err := loadState(ctx, db, dir)
	if err != nil {
		db.Close()
		return nil, state{}, err
	}
	return db, st, nil
}

// loadState reads the node's state from db; a store with none yet takes
// an older build's state.json in the profile directory dir, if any.
func loadState(ctx context.Context, db *store.Store, dir string) (state, error) {
	kept, ok, err := db.LoadNodeState(ctx)
	if err != nil {
		return state{}, err
	}
	if !ok {
		return importOlderState(ctx, db, dir)
	}
	return fromStored(kept)
}

// saveState replaces the node's state in db, in one transaction.
func saveState(ctx context.Context, db *store.Store, st state) error {
	kept, err := toStored(st)
	if err != nil {
		return err
	}
	return db.SaveNodeState(ctx, kept)
}

func toStored(st state) (store.NodeState, error) {
	out := store.NodeState{Folder: st.Folder, AccountID: st.AccountID, DID: st.DID,
		ProfileName: st.ProfileName, KeyStore: st.KeyStore, NodeID: st.NodeID,
		NetworkMode: st.Network.Mode, NetworkPort: st.Network.Port,
		Paused: st.Paused, CodeUnchecked: st.CodeUnchecked}
	for _, ss := range st.Spaces {
		b, err := json.Marshal(ss)
		if err != nil {
			return store.NodeState{}, fmt.Errorf("node state of space %s: %w", ss.ID, err)
		}
		out.Spaces = append(out.Spaces, store.HeldSpace{ID: ss.ID, State: b})
	}
	return out, nil
}

func fromStored(kept store.NodeState) (state, error) {
	st := state{Folder: kept.Folder, AccountID: kept.AccountID, DID: kept.DID,
		ProfileName: kept.ProfileName, KeyStore: kept.KeyStore, NodeID: kept.NodeID,
		Network: netState{Mode: kept.NetworkMode, Port: kept.NetworkPort},
		Paused:  kept.Paused, CodeUnchecked: kept.CodeUnchecked}
	for _, h := range kept.Spaces {
		var ss spaceState
		if err := json.Unmarshal(h.State, &ss); err != nil {
			return state{}, fmt.Errorf("node state of space %s: %w", h.ID, err)
		}
		if ss.ID != h.ID {
			return state{}, fmt.Errorf("node state of space %s names space %q", h.ID, ss.ID)
		}
		st.Spaces = append(st.Spaces, ss)
	}
	return st, nil
}
