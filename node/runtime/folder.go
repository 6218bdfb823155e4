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
	if f.HoldsThis {
		f.Registry = n.registryEntriesLocked(root)
	}
	return f
}

// registryEntriesLocked counts the account's registry entries in root,
// nil when it cannot be read (05 §15: a refused entry alone).
func (n *Node) registryEntriesLocked(root *folder.Root) *api.RegistryEntries {
	rs, err := n.registryAtLocked(root)
	if err != nil {
		return nil
	}
	l, err := rs.List("")
	if err != nil {
		return nil
	}
	return &api.RegistryEntries{Loaded: len(l.Entries), Refused: append([]string{}, l.Refused...), Skipped: l.Skipped}
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
	typed, err := folderPath(req.Path)
	if err != nil {
		return api.Folder{}, err
	}
	req.Path = typed
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
	prevID := n.st.AccountID
	adopted, err := n.adoptFolderIDLocked(dir)
	if err != nil {
		return api.Folder{}, err
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
		n.st.AccountID = prevID
		return api.Folder{}, err
	}
	n.st.Folder = dir
	named := n.nameFromFolderLocked(dir)
	if err := n.saveLocked(); err != nil {
		n.st.AccountID = prevID
		return api.Folder{}, err
	}
	n.wake.kick() // the mirror moves to it (folder_mirror.go)
	n.emitLocked(api.Event{Kind: "status", Data: n.statusLocked()})
	if named || adopted {
		n.emitLocked(api.Event{Kind: "account", Data: n.accountLocked()})
	}
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

// nameFromFolderLocked gives an account with no profile name yet (restored
// from its recovery code alone) the name the folder's accounts.json keeps
// for it (01 §13), and says whether it did.
func (n *Node) nameFromFolderLocked(dir string) bool {
	if n.st.AccountID == "" || n.st.ProfileName != "" {
		return false
	}
	for _, r := range n.accountsAt(dir) {
		if r.ID == n.st.AccountID && r.DID == n.st.DID && r.Name != "" {
			n.st.ProfileName = r.Name
			return true
		}
	}
	return false
}

// adoptFolderIDLocked takes, for this account, the id the folder at dir
// keeps it under when that differs from the node's: the same account (its
// DID) restored elsewhere from its recovery code got an id of its own
// (vault.NewAccountID). The node's vault wraps are merged into the folder's
// vault, so this computer still opens it after a restart, and the folder's
// account data (accounts/<id>, 05 §14.1) becomes this node's. It says
// whether it adopted; the state is saved by SetFolder.
func (n *Node) adoptFolderIDLocked(dir string) (bool, error) {
	if n.st.AccountID == "" || n.st.DID == "" {
		return false, nil
	}
	var id string
	for _, r := range n.accountsAt(dir) {
		if r.DID != n.st.DID {
			continue
		}
		if r.ID == n.st.AccountID {
			return false, nil // it holds this account under this id
		}
		id = r.ID
	}
	if id == "" {
		return false, nil
	}
	ours, err := n.readVaultLocked()
	if err != nil {
		return false, err
	}
	root, err := n.openFolderAt(dir)
	if err != nil {
		return false, err
	}
	defer root.Close()
	theirs, err := vault.ReadVault(root, id)
	if err != nil || theirs.DID != n.st.DID {
		return false, folderRefusal(api.CodeConflict, fmt.Errorf("the vault of %s in %s: %v", id, dir, err),
			"Choose another folder, or restore the account from this one on the first screen.",
			"%s lists your account, but its key file there cannot be read.", dir)
	}
	theirs.Merge(ours)
	if err := vault.WriteVault(root, id, theirs); err != nil {
		return false, api.Errorf(api.CodeUnavailable, "write the account's vault into %s: %w", dir, err)
	}
	n.st.AccountID = id
	return true, nil
}
