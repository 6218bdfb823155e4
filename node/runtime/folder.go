package runtime

import (
	"context"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/vault"
)

func (n *Node) folderPathLocked() string {
	if n.st.Folder != "" {
		return n.st.Folder
	}
	p, err := paths.DefaultDataFolder(n.cfg.Env)
	if err != nil {
		return ""
	}
	return p
}

// Folder is the data folder and what it holds (05 §14).
func (n *Node) Folder(ctx context.Context) (api.Folder, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.folderInfoLocked(n.folderPathLocked()), nil
}

func (n *Node) folderInfoLocked(dir string) api.Folder {
	f := api.Folder{Path: dir, Chosen: n.st.Folder != ""}
	if _, err := os.Stat(dir); err != nil {
		return f
	}
	f.Exists = true
	root, err := n.openFolderAt(dir)
	if err != nil {
		return f
	}
	defer root.Close()
	rows, _, _ := vault.ReadAccounts(root)
	f.Accounts = len(rows)
	for _, r := range rows {
		if r.ID == n.st.AccountID && r.DID == n.st.DID && n.st.DID != "" {
			f.HoldsThis = true
		}
	}
	return f
}

// SetFolder points the node at another data folder. Mode "use" accepts a
// folder that is empty, new, or already holds this account; "move" is not
// done by this node yet (CodeUnavailable).
func (n *Node) SetFolder(ctx context.Context, req api.SetFolder) (api.Folder, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if req.Path == "" || !filepath.IsAbs(req.Path) {
		return api.Folder{}, api.Errorf(api.CodeInvalid, "the data folder must be an absolute path, not %q", req.Path)
	}
	switch req.Mode {
	case "use":
	case "move":
		return api.Folder{}, api.Errorf(api.CodeUnavailable, "moving the data folder is not supported by this node yet")
	default:
		return api.Folder{}, api.Errorf(api.CodeInvalid, "mode %q: want use or move", req.Mode)
	}
	if _, err := n.openFolderAt(req.Path); err != nil {
		return api.Folder{}, err
	}
	info := n.folderInfoLocked(filepath.Clean(req.Path))
	if n.st.AccountID != "" && info.Exists && info.Accounts > 0 && !info.HoldsThis {
		return api.Folder{}, api.Errorf(api.CodeConflict, "%s holds other accounts but not this one", req.Path)
	}
	n.st.Folder = filepath.Clean(req.Path)
	if err := n.saveLocked(); err != nil {
		return api.Folder{}, err
	}
	n.emitLocked(api.Event{Kind: "status", Data: n.statusLocked()})
	return n.folderInfoLocked(n.st.Folder), nil
}
