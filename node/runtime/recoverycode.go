package runtime

import (
	"context"
	"errors"
	"os"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/vault"
)

// The recovery code's check (01 §2; api.CreateAccount.CheckCode): the
// account is written when it is made, and the node's own state keeps the
// mark state.CodeUnchecked until the person typed the code back, so a
// first run cut short shows the code and asks it back again. The code is
// not stored: it is the seed's (identity.RecoveryCode), and the node holds
// the seed once the account is unlocked.

// RecoveryCode gives the account's recovery code again while it is not
// yet checked; once checked the node shows it no more (CodeNotFound).
func (n *Node) RecoveryCode(ctx context.Context) (string, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return "", err
	}
	if !n.st.CodeUnchecked {
		return "", &api.Error{Code: api.CodeNotFound, Message: "Your recovery code was checked already: Minca does not show it again.",
			Detail: "the recovery code is shown only until it is checked"}
	}
	code, err := identity.RecoveryCode(n.seed)
	if err != nil {
		return "", internal(err)
	}
	return code, nil
}

// ConfirmRecoveryCode clears the mark: the recovery code was typed back.
// Confirming a code already checked changes nothing.
func (n *Node) ConfirmRecoveryCode(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if !n.st.CodeUnchecked {
		return nil
	}
	n.st.CodeUnchecked = false
	if err := n.saveLocked(); err != nil {
		n.st.CodeUnchecked = true
		return err
	}
	n.emitLocked(api.Event{Kind: "account", Data: n.accountLocked()})
	return nil
}

// FolderAccount reads which account the data folder at path holds ("" =
// the node's folder) and what opens it on this computer, without unlocking
// it: whether its vault has a passphrase wrap, and whether this computer's
// keychain opens one of its device wraps (the seed so found is dropped).
// It is the account findInFolderLocked takes with no recovery code: the
// first row of accounts.json (the most recently used). Nothing is written:
// a folder that does not exist holds no account.
func (n *Node) FolderAccount(ctx context.Context, path string) (api.FolderAccount, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	dir := path
	if dir == "" {
		dir = n.folderPathLocked()
	}
	dir, err := folderPath(dir)
	if err != nil {
		return api.FolderAccount{}, err
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return api.FolderAccount{}, api.Errorf(api.CodeNotFound, "no account in %s: no such folder", dir)
	}
	root, err := n.openFolderAt(dir)
	if err != nil {
		return api.FolderAccount{}, err
	}
	defer root.Close()
	rows, _, err := vault.ReadAccounts(root)
	if err != nil || len(rows) == 0 {
		return api.FolderAccount{}, &api.Error{Code: api.CodeNotFound, Message: "no account in " + dir, Err: err}
	}
	r := rows[0]
	v, err := vault.ReadVault(root, r.ID)
	if err != nil {
		return api.FolderAccount{}, api.Errorf(api.CodeUnavailable, "read the account's vault: %w", err)
	}
	fa := api.FolderAccount{DID: r.DID, ProfileName: r.Name, Passphrase: v.HasPassphrase()}
	if kc := n.keychainLocked(); kc != nil {
		if seed, err := v.OpenDevice(kc); err == nil {
			clear(seed)
			fa.Keychain = true
		}
	}
	return fa, nil
}
