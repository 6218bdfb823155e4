package runtime

import (
	"context"
	"fmt"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/vault"
)

// Key stores an account's seed is unwrapped from (Account.KeyStore).
const (
	KeyStoreKeychain   = "keychain"
	KeyStorePassphrase = "passphrase"
)

const timeFormat = "2006-01-02T15:04:05.000Z"

// Account is the account this node runs.
func (n *Node) Account(ctx context.Context) (api.Account, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.st.AccountID == "" {
		return api.Account{}, n.readyLocked()
	}
	return n.accountLocked(), nil
}

func (n *Node) accountLocked() api.Account {
	return api.Account{DID: n.st.DID, ProfileName: n.st.ProfileName, KeyStore: n.st.KeyStore, CodeUnchecked: n.st.CodeUnchecked}
}

// CreateAccount makes a new seed, locks it in a vault in the data folder and
// returns the recovery code once (01 §1–§2, §12).
func (n *Node) CreateAccount(ctx context.Context, req api.CreateAccount) (api.NewAccount, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.st.AccountID != "" {
		return api.NewAccount{}, api.Errorf(api.CodeConflict, "this node already runs account %s", n.st.DID)
	}
	if err := n.checkNameLocked(req.ProfileName); err != nil {
		return api.NewAccount{}, err
	}
	seed, err := identity.NewSeed(n.cfg.Rand)
	if err != nil {
		return api.NewAccount{}, internal(err)
	}
	code, err := identity.RecoveryCode(seed)
	if err != nil {
		return api.NewAccount{}, internal(err)
	}
	n.st.CodeUnchecked = req.CheckCode // saved with the account (recoverycode.go)
	if err := n.storeSeedLocked(seed, req.ProfileName, req.Passphrase); err != nil {
		n.st.CodeUnchecked = false
		return api.NewAccount{}, err
	}
	if err := n.openAccountLocked(ctx, seed); err != nil {
		return api.NewAccount{}, err
	}
	n.emitLocked(api.Event{Kind: "account", Data: n.accountLocked()})
	return api.NewAccount{Account: n.accountLocked(), RecoveryCode: code}, nil
}

func (n *Node) checkNameLocked(name string) error {
	if name == "" {
		return nil
	}
	if _, err := space.ParseProfile(map[string]any{"name": name}); err != nil {
		return api.Errorf(api.CodeInvalid, "profile name %q: %w", name, err)
	}
	return nil
}

// keychainLocked is the keychain when it is usable, else nil.
func (n *Node) keychainLocked() vault.Keychain {
	if n.cfg.Keychain == nil || n.cfg.Keychain.Probe() != nil {
		return nil
	}
	return n.cfg.Keychain
}

// storeSeedLocked writes a new vault for seed into the data folder, wrapped
// for the keychain when usable and for pass when given; never in the clear.
// A passphrase too short is refused before anything is written.
func (n *Node) storeSeedLocked(seed []byte, name, pass string) error {
	if pass != "" {
		if err := checkNewPassphrase(pass); err != nil {
			return err
		}
	}
	kc := n.keychainLocked()
	if kc == nil && pass == "" {
		return needPassphrase()
	}
	now := n.now().Format(timeFormat)
	v, err := vault.NewVault(seed, name, now)
	if err != nil {
		return internal(err)
	}
	keyStore := KeyStorePassphrase
	if kc != nil {
		if _, err := v.AddDevice(seed, kc, name, now, n.cfg.Rand); err != nil {
			return api.Errorf(api.CodeUnavailable, "keychain: %w", err)
		}
		keyStore = KeyStoreKeychain
	}
	if pass != "" {
		if _, err := v.AddPassphrase(seed, pass, name, now, n.cfg.Rand); err != nil {
			return internal(err)
		}
	}
	root, err := n.openFolderLocked()
	if err != nil {
		return err
	}
	defer root.Close()
	id, err := vault.NewAccountID(n.cfg.Rand)
	if err != nil {
		return internal(err)
	}
	if err := vault.Create(root, id, name, v); err != nil {
		return api.Errorf(api.CodeUnavailable, "write the account into the data folder: %w", err)
	}
	n.st.AccountID, n.st.DID, n.st.ProfileName, n.st.KeyStore = id, v.DID, name, keyStore
	return n.saveLocked()
}

// saveLocked writes the node's state to its store, whole or not at all.
func (n *Node) saveLocked() error {
	if err := saveState(context.Background(), n.db, n.st); err != nil {
		return internal(err)
	}
	return nil
}

// openFolderLocked opens the data folder, refusing one that holds the
// node's own stores (05 §14.5).
func (n *Node) openFolderLocked() (*folder.Root, error) {
	return n.openFolderAt(n.folderPathLocked())
}

// openFolderAt opens dir as a data folder, refusing one that holds the
// node's own stores or lies inside them (05 §14.5).
func (n *Node) openFolderAt(dir string) (*folder.Root, error) {
	if err := folder.CheckOutside(dir, n.dir); err != nil {
		return nil, api.Errorf(api.CodeInvalid, "data folder %s: %w", dir, err)
	}
	root, err := folder.Open(dir)
	if err != nil {
		return nil, api.Errorf(api.CodeUnavailable, "data folder %s: %w", dir, err)
	}
	return root, nil
}

// unlockDeviceLocked opens the vault with the keychain's device wrap.
func (n *Node) unlockDeviceLocked(ctx context.Context) error {
	v, err := n.readVaultLocked()
	if err != nil {
		return err
	}
	kc := n.keychainLocked()
	if kc == nil {
		return &api.Error{Code: api.CodeLocked, Reason: api.ReasonNoKeychain, Message: "no keychain is usable", Hint: "unlock with the passphrase"}
	}
	seed, err := v.OpenDevice(kc)
	if err != nil {
		return &api.Error{Code: api.CodeLocked, Reason: api.ReasonKeychainRefused, Message: "the keychain does not open this account", Err: err,
			Hint: "unlock with the passphrase or the recovery code"}
	}
	return n.openAccountLocked(ctx, seed)
}

func (n *Node) readVaultLocked() (*vault.Vault, error) {
	root, err := n.openFolderLocked()
	if err != nil {
		return nil, err
	}
	defer root.Close()
	v, err := vault.ReadVault(root, n.st.AccountID)
	if err != nil {
		return nil, api.Errorf(api.CodeUnavailable, "read the account's vault: %w", err)
	}
	return v, nil
}

// openAccountLocked takes seed as the account's: a fresh session key, the
// account's note to it, and every space the node holds opened.
func (n *Node) openAccountLocked(ctx context.Context, seed []byte) error {
	acct, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return internal(err)
	}
	if n.st.DID != "" && acct.DID() != n.st.DID {
		return api.Errorf(api.CodeConflict, "that key is %s, not this node's account %s", acct.DID(), n.st.DID)
	}
	session, err := identity.NewKeyPair(n.cfg.Rand)
	if err != nil {
		return internal(err)
	}
	nt, err := note.Make(acct, note.Grant{Aud: session.DID(), Cmd: note.CmdAll}, n.cfg.Rand)
	if err != nil {
		return internal(fmt.Errorf("note to the session key: %w", err))
	}
	if n.st.NodeID == "" {
		id, err := record.NewKey(n.cfg.Rand)
		if err != nil {
			return internal(err)
		}
		n.st.NodeID = id
		if err := n.saveLocked(); err != nil {
			return err
		}
	}
	wire, err := nodeKey(seed, n.st.NodeID)
	if err != nil {
		return internal(err)
	}
	n.seed, n.acct, n.session, n.note, n.wire = seed, acct, session, nt, wire
	if err := n.startNetLocked(); err != nil {
		return api.Errorf(api.CodeUnavailable, "%w", err)
	}
	if err := n.openRegistryLocked(ctx); err != nil {
		return err
	}
	for _, ss := range n.st.Spaces {
		if err := n.openSpaceLocked(ctx, ss); err != nil {
			return err
		}
	}
	if err := n.followLocked(ctx); err != nil {
		return err
	}
	n.lookJoinsLocked(ctx) // joins kept in the registry (join_registry.go)
	return nil
}

// SetProfileName sets the account's name and writes it as its profile in
// every space it holds (03 §11).
func (n *Node) SetProfileName(ctx context.Context, name string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if name == "" {
		return api.Errorf(api.CodeInvalid, "a profile name may not be empty")
	}
	if err := n.checkNameLocked(name); err != nil {
		return err
	}
	n.st.ProfileName = name
	if err := n.saveLocked(); err != nil {
		return err
	}
	for _, h := range n.spaces {
		if err := n.writeProfileLocked(ctx, h); err != nil {
			return err
		}
	}
	n.emitLocked(api.Event{Kind: "account", Data: n.accountLocked()})
	return nil
}
