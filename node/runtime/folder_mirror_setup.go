package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/segments"
)

// Setting up the folder mirror: the data folder opened once and shared, and
// a held space's store writer attached to it (05 §14.5).

// sharedRoot is an open data folder shared by mirrorLoop and the store
// writers it made: closed when the last of them lets it go, so a push on
// close never meets a folder the loop closed on its way out.
type sharedRoot struct {
	root  *folder.Root
	blobs blobstore.Store
	refs  atomic.Int32
}

func (r *sharedRoot) hold() *sharedRoot { r.refs.Add(1); return r }

func (r *sharedRoot) release() {
	if r.refs.Add(-1) == 0 {
		r.root.Close()
	}
}

// attach sets up h's store writer, unless its push on close ran: nil when
// it did, or the folder refuses it.
func (mr *mirrorRun) attach(id string, h *held) *spaceMirror {
	h.mirrorMu.Lock()
	defer h.mirrorMu.Unlock()
	if h.mirrorDone || h.mirror.Load() != nil {
		return nil
	}
	sm, err := mr.open(id, h)
	if err != nil {
		return nil
	}
	h.mirror.Store(sm)
	return sm
}

// openRoot opens the data folder's segment store of the account, once.
func (mr *mirrorRun) openRoot(dir, acct string) error {
	if dir == mr.dir && acct == mr.acct && mr.root != nil {
		return nil
	}
	mr.closeRoot()
	if dir == "" {
		return errors.New("no data folder")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("data folder %s is not there yet", dir)
	}
	if err := folder.CheckOutside(dir, mr.n.dir); err != nil {
		return err // 05 §14.5
	}
	root, err := folder.Open(dir)
	if err != nil {
		return err
	}
	parts, err := folder.SpacesParts(acct)
	if err != nil {
		root.Close()
		return err
	}
	blobs, err := blobstore.NewDir(root, parts...)
	if err != nil {
		root.Close()
		return err
	}
	mr.dir, mr.acct, mr.root = dir, acct, &sharedRoot{root: root, blobs: blobs}
	mr.root.refs.Store(1)
	return nil
}

// closeRoot lets the loop's reference go; store writers still attached to
// held spaces keep the folder open until they are closed.
func (mr *mirrorRun) closeRoot() {
	if mr.root != nil {
		mr.root.release()
	}
	mr.dir, mr.acct, mr.root = "", "", nil
}

// open makes the store writer of space id in the folder, its state in the
// profile directory (05 §14.5: never in the folder).
func (mr *mirrorRun) open(id string, h *held) (*spaceMirror, error) {
	sum := sha256.Sum256([]byte(mr.dir))
	stateDir := filepath.Join(mr.n.dir, mirrorDir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return nil, err
	}
	m, err := segments.Open(segments.Config{Blobs: mr.root.blobs, SpaceID: id, Store: h.store,
		Gate: engineGate{eng: h.eng, store: h.store}, State: segments.FileState{Path: filepath.Join(stateDir, id+".json")}})
	if err != nil {
		return nil, fmt.Errorf("mirror %s: %w", id, err)
	}
	return &spaceMirror{h: h, m: m, root: mr.root.hold(), folder: mr.dir, pullEvery: mirrorPullMin}, nil
}
