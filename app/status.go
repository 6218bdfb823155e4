package app

import (
	"context"
	"fmt"
)

// Status is the wire form of the app's status, as the UI and
// `minca status --json` see it: the node's api.Status, whether the data
// folder exists, and the one-line summary.
type Status struct {
	Version          string `json:"version"`   // the app's version
	Profile          string `json:"profile"`   // account profile of the node
	StorePath        string `json:"storePath"` // the node's SQLite store, node.db (profile dir)
	StoreSchema      int    `json:"storeSchema,omitempty"`
	JournalMode      string `json:"journalMode,omitempty"` // "wal"
	DataFolder       string `json:"dataFolder"`            // chosen data folder, else the default
	DataFolderChosen bool   `json:"dataFolderChosen"`      // whether the user chose it
	DataFolderExists bool   `json:"dataFolderExists"`      // whether it exists on disk
	Account          string `json:"account,omitempty"`
	Owner            bool   `json:"owner"`                // this process owns the node
	KeyStore         string `json:"keyStore"`             // "keychain" or "passphrase"
	Line             string `json:"line"`                 // the one-line summary (StatusLine)
	NoKeychain       bool   `json:"noKeychain,omitempty"` // no account yet, and a new one's key needs a passphrase (api.Status)
}

// Status returns the app's version, the node's store and the data folder.
func (a *App) Status() (Status, error) {
	return call(a, "Status", a.status)
}

func (a *App) status(ctx context.Context) (Status, error) {
	st, err := a.node.Status(ctx)
	if err != nil {
		return Status{}, err
	}
	f, err := a.node.Folder(ctx)
	if err != nil {
		return Status{}, err
	}
	s := Status{
		Version:          a.version,
		Profile:          st.Profile,
		StorePath:        st.StorePath,
		StoreSchema:      st.StoreSchema,
		JournalMode:      st.JournalMode,
		DataFolder:       st.DataFolder,
		DataFolderChosen: st.DataFolderChosen,
		DataFolderExists: f.Exists,
		Account:          st.Account,
		Owner:            st.Owner,
		KeyStore:         st.KeyStore,
		NoKeychain:       st.NoKeychain,
	}
	s.Line = StatusLine(s)
	return s, nil
}

// StatusLine is the one line the window's footer, `minca status` and the
// tray's menu show: where things are, for someone at a terminal. The tray
// shows it below the sync status in a person's words (app/tray.SyncLook).
func StatusLine(s Status) string {
	return fmt.Sprintf("Minca %s · store %s · data folder %s (%s)",
		s.Version, s.StorePath, s.DataFolder, FolderState(s))
}

// FolderState says in a few words what the data folder is.
func FolderState(s Status) string {
	switch {
	case s.DataFolderChosen && s.DataFolderExists:
		return "in use"
	case s.DataFolderChosen:
		return "missing"
	case s.DataFolderExists:
		return "default, not chosen yet"
	default:
		return "default, not created yet"
	}
}
