package app

import (
	"fmt"

	"minca.dev/desktop/node"
)

// Status is the wire form of the app's status, as the UI, the tray and
// `minca status --json` see it.
type Status struct {
	Version          string `json:"version"`          // the app's version
	Profile          string `json:"profile"`          // account profile of the node
	StorePath        string `json:"storePath"`        // the node's SQLite store
	StoreSchema      int    `json:"storeSchema"`      // its schema version
	JournalMode      string `json:"journalMode"`      // its journal mode ("wal")
	DataFolder       string `json:"dataFolder"`       // chosen data folder, else the default
	DataFolderChosen bool   `json:"dataFolderChosen"` // whether the user chose it
	DataFolderExists bool   `json:"dataFolderExists"` // whether it exists on disk
	Line             string `json:"line"`             // the one-line summary (StatusLine)
}

func statusToWire(version string, st node.Status) Status {
	s := Status{
		Version:          version,
		Profile:          st.Profile,
		StorePath:        st.StorePath,
		StoreSchema:      st.StoreSchema,
		JournalMode:      st.JournalMode,
		DataFolder:       st.DataFolder,
		DataFolderChosen: st.DataFolderChosen,
		DataFolderExists: st.DataFolderExists,
	}
	s.Line = StatusLine(s)
	return s
}

// StatusLine is the one line the window's footer, the tray menu and
// `minca status` all show.
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
