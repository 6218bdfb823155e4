package notify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxSeenFile bounds the seen file read back: it is this program's own, in
// a private directory, but a file too big to be one is no baseline.
const maxSeenFile = 8 << 20

// members is what join watches have seen: each space's members, by space
// id and DID.
type members map[string]map[string]bool

func (m members) clone() members {
	out := make(members, len(m))
	for sp, dids := range m {
		c := make(map[string]bool, len(dids))
		for d := range dids {
			c[d] = true
		}
		out[sp] = c
	}
	return out
}

// seenFile is the seen file's content: each space's members, as lists.
type seenFile struct {
	Spaces map[string][]string `json:"spaces"`
}

// loadSeen is where a new watch starts from: the members the last watch
// kept (keepSeen), from Config.Seen when set, so a watch in another process
// of the session takes up where this one left off; else from memory. No
// file, or one that cannot be read, starts from nothing: then the first
// look only records the members.
func (n *Notifier) loadSeen() members {
	n.seenMu.Lock()
	defer n.seenMu.Unlock()
	if n.cfg.Seen == "" {
		return n.seen.clone()
	}
	m, err := readSeen(n.cfg.Seen)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			n.cfg.Log.Warn("notify: members seen before are unknown: joins from now on only", "err", err)
		}
		return members{}
	}
	return m
}

func readSeen(path string) (members, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sf seenFile
	if err := json.NewDecoder(io.LimitReader(f, maxSeenFile)).Decode(&sf); err != nil {
		return nil, fmt.Errorf("notify: seen file %s: %w", path, err)
	}
	m := members{}
	for sp, dids := range sf.Spaces {
		known := map[string]bool{}
		for _, d := range dids {
			known[d] = true
		}
		m[sp] = known
	}
	return m, nil
}

// keepSeen keeps m for the next watch: in memory, and in Config.Seen when
// set (written whole and renamed into place, private to the user).
func (n *Notifier) keepSeen(m members) {
	n.seenMu.Lock()
	defer n.seenMu.Unlock()
	n.seen = m.clone()
	if n.cfg.Seen == "" {
		return
	}
	if err := writeSeen(n.cfg.Seen, m); err != nil {
		n.cfg.Log.Warn("notify: members seen not kept", "err", err)
	}
}

func writeSeen(path string, m members) error {
	sf := seenFile{Spaces: make(map[string][]string, len(m))}
	for sp, known := range m {
		dids := make([]string, 0, len(known))
		for d := range known {
			dids = append(dids, d)
		}
		sf.Spaces[sp] = dids
	}
	b, err := json.Marshal(sf)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("notify: seen file: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename, nothing left to remove
	if _, err = tmp.Write(b); err == nil {
		err = tmp.Close()
	} else {
		tmp.Close()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("notify: seen file: %w", err)
	}
	return nil
}
