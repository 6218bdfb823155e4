package runtime

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/vault"
)

// folderOutside refuses a data folder holding the node's own stores, or
// inside them (05 §14.5).
func folderOutside(dir, own string) error {
	if err := folder.CheckOutside(dir, own); err != nil {
		return api.Errorf(api.CodeInvalid, "data folder %s: %w", dir, err)
	}
	return nil
}

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
	f := api.Folder{Path: dir, Chosen: n.st.Folder != "", Previous: n.previousLocked(dir)}
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
// folder that is empty, new, or already holds this account (the account's
// vault is written into one that does not hold it); "move" copies the
// folder (into <path>/Minca when path holds other files: move.go), verifies
// every file, and switches, leaving the old copy as
// Previous; "remove-previous" and "keep-previous" settle it (oldcopy.go).
// No pass of the folder mirror runs meanwhile (mirrorPass): none writes
// into a folder being moved or removed.
func (n *Node) SetFolder(ctx context.Context, req api.SetFolder) (api.Folder, error) {
	n.mirrorPass.Lock()
	defer n.mirrorPass.Unlock()
	n.mu.Lock()
	defer n.mu.Unlock()
	if req.Path == "" || !filepath.IsAbs(req.Path) {
		return api.Folder{}, api.Errorf(api.CodeInvalid, "the data folder must be an absolute path, not %q", req.Path)
	}
	switch req.Mode {
	case api.FolderUse, api.FolderMove:
	case api.FolderRemovePrevious, api.FolderKeepPrevious:
		return n.oldCopyLocked(req)
	default:
		return api.Folder{}, api.Errorf(api.CodeInvalid, "mode %q: want use, move, remove-previous or keep-previous", req.Mode)
	}
	dir := filepath.Clean(req.Path)
	if err := folderOutside(dir, n.dir); err != nil {
		return api.Folder{}, err
	}
	if err := checkFolderDir(dir); err != nil {
		return api.Folder{}, err
	}
	var moved *oldCopy
	if req.Mode == api.FolderMove {
		from := n.folderPathLocked()
		if err := n.checkMoveLocked(from, dir); err != nil {
			return api.Folder{}, err
		}
		to, err := n.moveTargetLocked(from, dir) // <dir>/Minca when dir holds other files
		if err != nil {
			return api.Folder{}, worded(api.CodeConflict, "move the data folder", err)
		}
		dir = to
		oc, err := moveFolder(from, dir)
		if err != nil {
			return api.Folder{}, worded(api.CodeConflict, "move the data folder", err)
		}
		moved = &oc
	}
	info := n.folderInfoLocked(dir)
	if n.st.AccountID != "" && !info.HoldsThis {
		if info.Accounts > 0 {
			return api.Folder{}, otherAccounts(req.Path, n.accountsAt(dir))
		}
		if err := n.copyVaultLocked(dir); err != nil {
			return api.Folder{}, err
		}
	}
	if err := n.noteOldCopyLocked(moved, dir); err != nil {
		return api.Folder{}, err
	}
	n.st.Folder = dir
	if err := n.saveLocked(); err != nil {
		return api.Folder{}, err
	}
	n.wake.kick() // the mirror moves to it (folder_mirror.go)
	n.emitLocked(api.Event{Kind: "status", Data: n.statusLocked()})
	return n.folderInfoLocked(n.st.Folder), nil
}

// accountsAt is the accounts.json rows of the folder at dir, none when it
// cannot be read.
func (n *Node) accountsAt(dir string) []vault.Summary {
	root, err := n.openFolderAt(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	rows, _, _ := vault.ReadAccounts(root)
	return rows
}

// checkMoveLocked refuses, in people's words, a move into the data folder
// itself or a folder inside it (or holding it), and a move into a folder
// that already holds this account (it is to be used, not moved into).
func (n *Node) checkMoveLocked(from, to string) error {
	if n.st.AccountID != "" && n.folderInfoLocked(to).HoldsThis {
		return folderRefusal(api.CodeConflict, fmt.Errorf("%s already holds this account", to),
			"Choose \"Use a folder that already holds my account\" instead.", "%s already holds your account, so there is nothing to move.", to)
	}
	if err := apart(from, to); err != nil {
		return folderRefusal(api.CodeConflict, err, "Choose a folder outside your data folder.",
			"%s and your data folder %s overlap: one is inside the other.", to, from)
	}
	return nil
}
