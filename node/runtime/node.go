package runtime

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"fmt"
	"io"
	"sync"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/store"
	"minca.dev/desktop/node/vault"
)

// Config makes a Node.
type Config struct {
	Env     paths.Env // where the profile and default data folder are
	Profile string    // "" = paths.DefaultProfile
	// Keychain keeps device wrap keys (package keychain through node/vault's
	// interface); nil when none is usable: a passphrase is then required.
	Keychain vault.Keychain
	Rand     io.Reader        // nil = crypto/rand
	Now      func() time.Time // nil = time.Now
	Hub      *Hub             // in-process network to other nodes; nil = none
	// Sockets syncs over node sockets (node/netsync over node/transport);
	// Listen, when set, is the address they listen on (loopback, or any
	// with ServerTLS: wss://), the node URL put into the invites this node
	// makes. ClientTLS is for wss:// dials (nil: the system's roots).
	Sockets   bool
	Listen    string
	ServerTLS *tls.Config
	ClientTLS *tls.Config
	// Advertise is the host[:port] put into the node URL instead of the
	// address bound, when the node listens beyond loopback (Listen, or the
	// local-network setting); "" = the address bound, or the computer's
	// local network address (network.go).
	Advertise string
	Version   string // the app's version, for Status
}

// Node is the embedded node. Its methods are safe for concurrent use: one
// lock serialises them (methods ending in Locked need it held).
type Node struct {
	mu      sync.Mutex
	cfg     Config
	dir     string       // profile directory
	db      *store.Store // the profile's node store: st, saved by saveLocked (state.go)
	st      state
	seed    []byte            // nil while locked or without account
	acct    *identity.KeyPair // the account key
	session *identity.KeyPair // this run's session key: signs versions
	wire    *identity.KeyPair // the node's key on the wire (nodeKey)
	net     *netsync.Manager  // node sockets; nil unless Config.Sockets
	note    *note.Note        // account → session
	spaces  map[string]*held
	// moved is closed, and set to nil, each time the loop finds a store
	// moved (noticeChanges): a join waiting for its invite wakes on it.
	moved chan struct{}
	// registry is the account registry (03 §13), held apart from spaces.
	registry *held
	paused   bool
	watch    watchers
	closed   bool
	stop     chan struct{}  // ends loop
	bg       sync.WaitGroup // loop and mirrorLoop; Close waits for them
	wake     *wakes         // tells them of changes (wake.go)
	// mirrorPass is held by each pass of the folder mirror, and by
	// SetFolder; taken before mu, never under it.
	mirrorPass sync.Mutex

	// netURL is the node URL others dial; netNote and netErr are what the
	// last start of the sockets has to say (network.go).
	netURL, netNote, netErr string
}

var _ api.Node = (*Node)(nil)

// Open opens the node of cfg.Profile, unlocking its account through the
// keychain when it has one. A vault only a passphrase opens leaves the
// node locked: account calls answer CodeLocked until RestoreAccount.
func Open(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Profile == "" {
		cfg.Profile = paths.DefaultProfile
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.Reader
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dir, err := paths.ProfileDir(cfg.Env, cfg.Profile)
	if err != nil {
		return nil, fmt.Errorf("profile dir: %w", err)
	}
	db, st, err := openNodeStore(ctx, dir)
	if err != nil {
		return nil, err
	}
	n := &Node{cfg: cfg, dir: dir, db: db, st: st, spaces: map[string]*held{}, stop: make(chan struct{}), paused: st.Paused,
		wake: newWakes()}
	if st.AccountID != "" && cfg.Keychain != nil {
		if err := n.unlockDeviceLocked(ctx); err != nil && api.CodeOf(err) != api.CodeLocked {
			db.Close()
			return nil, err
		}
	}
	n.bg.Add(1)
	go n.loop(n.stop)
	return n, nil
}

// Close closes every store and waits for the node's background loops, so
// nothing is written in the profile after it returns; the Node is unusable
// afterwards. The node store closes last, once nothing can save the state.
func (n *Node) Close() error {
	n.flushNet() // the last writes handed to the peers (netflush.go)
	err := n.closeStores()
	n.bg.Wait()
	if cerr := n.db.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("close the node store: %w", cerr)
	}
	return err
}

// closeStores stops the loops and closes every store, under n.mu.
func (n *Node) closeStores() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.closed {
		close(n.stop)
	}
	n.closed = true
	var first error
	if n.net != nil {
		first = n.net.Close() // every peer let go before the stores close
		n.net = nil
	}
	n.pushOnCloseLocked() // 05 §16.4, before the stores close (folder_mirror.go)
	for _, h := range n.spaces {
		if err := n.closeHeldLocked(h); err != nil && first == nil {
			first = err
		}
	}
	n.spaces = map[string]*held{}
	if n.registry != nil {
		n.closeHeldLocked(n.registry)
		n.registry = nil
	}
	n.watch.closeAll()
	return first
}

// Status is the node's status line.
func (n *Node) Status(ctx context.Context) (api.Status, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.statusLocked()
	if n.db != nil { // the store's facts the window shows (Overview)
		st.JournalMode, _ = n.db.JournalMode(ctx)
		st.StoreSchema, _ = n.db.SchemaVersion(ctx)
	}
	st.NoKeychain = n.st.AccountID == "" && n.keychainLocked() == nil
	return st, nil
}

func (n *Node) statusLocked() api.Status {
	return api.Status{Version: n.cfg.Version, Profile: n.cfg.Profile, StorePath: storePath(n.dir),
		DataFolder: n.folderPathLocked(), DataFolderChosen: n.st.Folder != "",
		Account: n.st.DID, Owner: true, KeyStore: n.st.KeyStore}
}

func (n *Node) now() time.Time { return n.cfg.Now().UTC() }

func (n *Node) wireDIDLocked() string {
	if n.wire == nil {
		return ""
	}
	return n.wire.DID()
}

// readyLocked says whether the account is open; the error has the code a
// UI branches on otherwise.
func (n *Node) readyLocked() error {
	switch {
	case n.closed:
		return api.Errorf(api.CodeUnavailable, "the node is closed")
	case n.st.AccountID == "":
		return &api.Error{Code: api.CodeNoAccount, Message: "no account yet", Hint: "create an account or restore one"}
	case n.acct == nil:
		return &api.Error{Code: api.CodeLocked, Message: "the account is locked", Hint: "unlock it with its passphrase or recovery code"}
	}
	return nil
}

func internal(err error) error {
	if err == nil {
		return nil
	}
	if api.CodeOf(err) != api.CodeInternal {
		return err
	}
	return &api.Error{Code: api.CodeInternal, Message: err.Error(), Err: err}
}
