package runtime

import (
	"context"
	"errors"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/vault"
)

// ErrKeychainOnly is wrapped by the error of a passphrase given for an
// account whose vault holds no passphrase wrap (vault.Vault.HasPassphrase):
// its key was kept only in the keychain of the computer that made it, so
// elsewhere only its recovery code opens it (01 §12). The *api.Error has
// CodeKeychainOnly.
var ErrKeychainOnly = errors.New("the account's vault holds no passphrase wrap")

// msgKeychainOnly is what a person reads for ErrKeychainOnly.
const msgKeychainOnly = "This account's key is kept in the keychain of the computer that made it: use your recovery code."

func keychainOnly() *api.Error {
	return &api.Error{Code: api.CodeKeychainOnly, Message: msgKeychainOnly, Detail: ErrKeychainOnly.Error(), Err: ErrKeychainOnly}
}

// msgNotRecoveryCode is what a person reads when what was typed cannot be a
// recovery code (01 §2.3).
const msgNotRecoveryCode = "That is not a recovery code: a recovery code has 26 letters and digits in groups of four, " +
	"like XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XX (O may be typed as 0, and I or L as 1)."

// RestoreAccount restores the account from its recovery code, or opens one a
// data folder already holds (unlocking it with the passphrase, the recovery
// code or the keychain). It also unlocks a locked node.
func (n *Node) RestoreAccount(ctx context.Context, req api.RestoreAccount) (api.Account, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.acct != nil {
		return api.Account{}, api.Errorf(api.CodeConflict, "this node already runs account %s", n.st.DID)
	}
	if err := n.checkNameLocked(req.ProfileName); err != nil {
		return api.Account{}, err
	}
	var seed []byte
	if req.RecoveryCode != "" {
		s, err := identity.ParseRecoveryCode(req.RecoveryCode)
		if err != nil {
			return api.Account{}, &api.Error{Code: api.CodeInvalid, Message: msgNotRecoveryCode, Hint: "Check it against where you saved it and type it again.",
				Detail: "recovery code: " + err.Error(), Err: err}
		}
		seed = s
	}
	prev := n.st
	seed, err := n.restoreSeedLocked(seed, req)
	if err != nil {
		// Refused: the node is as it was, so another folder or the
		// recovery code can be tried next.
		n.st = prev
		return api.Account{}, err
	}
	if req.ProfileName != "" {
		n.st.ProfileName = req.ProfileName
	}
	if err := n.saveLocked(); err != nil {
		return api.Account{}, err
	}
	if err := n.openAccountLocked(ctx, seed); err != nil {
		return api.Account{}, err
	}
	n.emitLocked(api.Event{Kind: "account", Data: n.accountLocked()})
	return n.accountLocked(), nil
}

// restoreSeedLocked finds the account (the node's, else the data folder's)
// and opens its vault, or stores a new vault for seed when the folder holds
// none.
func (n *Node) restoreSeedLocked(seed []byte, req api.RestoreAccount) ([]byte, error) {
	if req.Folder != "" && n.st.AccountID == "" {
		n.st.Folder = req.Folder
	}
	if n.st.AccountID == "" {
		if err := n.findInFolderLocked(seed, req); err != nil {
			return nil, err
		}
	}
	if n.st.AccountID != "" {
		return n.unwrapLocked(seed, req.Passphrase)
	}
	if err := n.storeSeedLocked(seed, req.ProfileName, req.Passphrase); err != nil {
		return nil, err
	}
	return seed, nil
}

// findInFolderLocked looks in the data folder for the account: the one the
// seed derives, or the most recently used when no seed is given (then
// opened with the passphrase, else this computer's keychain: FolderAccount
// says which).
func (n *Node) findInFolderLocked(seed []byte, req api.RestoreAccount) error {
	if seed == nil && req.Passphrase == "" && req.Folder == "" {
		return api.Errorf(api.CodeInvalid, "give the recovery code, or the data folder that holds the account")
	}
	root, err := n.openFolderLocked()
	if err != nil {
		return err
	}
	defer root.Close()
	rows, _, err := vault.ReadAccounts(root)
	if err != nil && seed == nil {
		return api.Errorf(api.CodeNotFound, "no account in %s: %w", root.Dir(), err)
	}
	want := ""
	if seed != nil {
		kp, err := identity.DeriveKeyPairFromSeed(seed)
		if err != nil {
			return api.Errorf(api.CodeInvalid, "recovery code: %w", err)
		}
		want = kp.DID()
	}
	for _, r := range rows {
		if want == "" || r.DID == want {
			n.st.AccountID, n.st.DID, n.st.ProfileName = r.ID, r.DID, r.Name
			n.st.KeyStore = KeyStorePassphrase
			return nil
		}
	}
	if seed == nil {
		return api.Errorf(api.CodeNotFound, "no account in %s", root.Dir())
	}
	return nil
}

// unwrapLocked opens the vault with what was given: the recovery code, the
// passphrase, else the keychain.
func (n *Node) unwrapLocked(seed []byte, pass string) ([]byte, error) {
	v, err := n.readVaultLocked()
	if err != nil {
		return nil, err
	}
	switch {
	case seed != nil:
		code, _ := identity.RecoveryCode(seed)
		if _, err := v.OpenRecovery(code); err != nil {
			return nil, &api.Error{Code: api.CodeForbidden, Message: "This recovery code does not open this account.",
				Hint: "Check each word against the code you saved, then try again.", Detail: err.Error(), Err: err}
		}
		if err := n.lockWithPassphraseLocked(v, seed, pass); err != nil {
			return nil, err
		}
	case pass != "":
		if !v.HasPassphrase() {
			return nil, keychainOnly()
		}
		s, err := v.OpenPassphrase(pass)
		if err != nil {
			return nil, &api.Error{Code: api.CodeLocked, Message: "That passphrase does not open this account.",
				Hint: "Check it and try again, or use your recovery code.", Detail: err.Error(), Err: err}
		}
		seed = s
	default:
		hint := "give the passphrase or the recovery code"
		if !v.HasPassphrase() {
			hint = "give the recovery code"
		}
		kc := n.keychainLocked()
		if kc == nil {
			return nil, &api.Error{Code: api.CodeLocked, Reason: api.ReasonNoKeychain, Message: "no keychain is usable", Hint: hint}
		}
		s, err := v.OpenDevice(kc)
		if err != nil {
			return nil, &api.Error{Code: api.CodeLocked, Reason: api.ReasonKeychainRefused, Message: "the keychain does not open this account", Hint: hint, Err: err}
		}
		seed = s
	}
	if kc := n.keychainLocked(); kc != nil && n.st.KeyStore != KeyStoreKeychain {
		if n.addDeviceLocked(v, seed, kc) == nil {
			n.st.KeyStore = KeyStoreKeychain
		}
	}
	return seed, nil
}

// lockWithPassphraseLocked keeps a seed restored with its recovery code
// openable on this computer when no keychain is usable here: a vault with no
// passphrase wrap (made where a keychain kept the key) gets one for pass, a
// new passphrase, so it is checked (checkNewPassphrase) and required, and
// the passphrase keeps the key here from then on. Nothing is written when
// it is refused.
func (n *Node) lockWithPassphraseLocked(v *vault.Vault, seed []byte, pass string) error {
	if n.keychainLocked() != nil || v.HasPassphrase() {
		return nil
	}
	if pass == "" {
		return needPassphrase()
	}
	if err := checkNewPassphrase(pass); err != nil {
		return err
	}
	if _, err := v.AddPassphrase(seed, pass, v.Label, n.now().Format(timeFormat), n.cfg.Rand); err != nil {
		return internal(err)
	}
	root, err := n.openFolderLocked()
	if err != nil {
		return err
	}
	defer root.Close()
	if err := vault.WriteVault(root, n.st.AccountID, v); err != nil {
		return api.Errorf(api.CodeUnavailable, "write the account into the data folder: %w", err)
	}
	n.st.KeyStore = KeyStorePassphrase
	return nil
}

// addDeviceLocked adds a device wrap for this machine's keychain.
func (n *Node) addDeviceLocked(v *vault.Vault, seed []byte, kc vault.Keychain) error {
	now := n.now().Format(timeFormat)
	if _, err := v.AddDevice(seed, kc, v.Label, now, n.cfg.Rand); err != nil {
		return err
	}
	root, err := n.openFolderLocked()
	if err != nil {
		return err
	}
	defer root.Close()
	return vault.WriteVault(root, n.st.AccountID, v)
}
