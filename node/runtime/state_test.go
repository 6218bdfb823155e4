package runtime

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/store"
)

// storedState is the node state kept in the node store of profile
// directory dir, read through a store of its own (the node may be open:
// WAL lets both in).
func storedState(t *testing.T, dir string) state {
	t.Helper()
	db, err := store.Open(context.Background(), storePath(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := loadState(context.Background(), db, dir)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// storeBytes is what the node store of dir holds on disk: the database
// file and its write-ahead log, whichever exist.
func storeBytes(t *testing.T, dir string) []byte {
	t.Helper()
	var all []byte
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(storePath(dir) + suffix)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	if len(all) == 0 {
		t.Fatalf("no node store in %s", dir)
	}
	return all
}

// joiningIn is st's pending join of space id; nil if none.
func joiningIn(st state, id string) *pendingJoin {
	for _, ss := range st.Spaces {
		if ss.ID == id {
			return ss.Joining
		}
	}
	return nil
}

// writeOlderState makes dir look as an older build left it: st in
// state.json as that build wrote it, and no node store.
func writeOlderState(t *testing.T, dir string, st state) {
	t.Helper()
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(storePath(dir) + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, olderStateFile), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// A new profile's node store is node.db in the profile directory, named by
// Status, in WAL mode with STRICT tables, and holds what the node saves.
func TestNodeStoreIsSQLite(t *testing.T) {
	ctx := context.Background()
	home := filepath.Join(t.TempDir(), "home")
	n := newTestNode(t, nil, home)
	defer n.Close()
	st, err := n.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(home, ".local/share/minca/profiles/default", paths.StoreFile)
	if st.StorePath != want || st.JournalMode != "wal" || st.StoreSchema < 2 {
		t.Fatalf("store %s (%s, schema %d), want %s (wal, schema 2 or later)", st.StorePath, st.JournalMode, st.StoreSchema, want)
	}
	head, err := os.ReadFile(want)
	if err != nil || !bytes.HasPrefix(head, []byte("SQLite format 3\x00")) {
		t.Fatalf("%s is no SQLite database (%v)", want, err)
	}
	db, err := sql.Open("sqlite", "file:"+want+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q %v, want wal", mode, err)
	}
	var strict int
	if err := db.QueryRow("SELECT count(*) FROM pragma_table_list WHERE name IN ('node_state', 'held_spaces') AND strict = 1").Scan(&strict); err != nil || strict != 2 {
		t.Fatalf("%d STRICT state tables (%v), want 2", strict, err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: "pass of Ana"}); err != nil {
		t.Fatal(err)
	}
	if got := storedState(t, n.dir); got.DID == "" || got.DID != n.st.DID || got.ProfileName != "Ana" {
		t.Fatalf("the store keeps %+v, want Ana's account", got)
	}
	if _, err := os.Stat(filepath.Join(n.dir, olderStateFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a state.json is written: %v", err)
	}
}

// An older build's state.json, in its own words, is imported once into the
// node store and renamed state.json.imported; a state.json found later
// (that build run again) is left alone: the store has the state.
func TestOlderStateImported(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	dir, err := paths.ProfileDir(paths.Env{GOOS: "linux", Home: home}, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	older := `{
  "folder": "/srv/Minca",
  "nodeId": "n0de",
  "spaces": [
    {"id": "s2", "constitution": {"name": "Garden"}, "sealedKeys": ["k1"], "nodes": ["ws://127.0.0.1:4321/"],
     "inviteLinks": [{"key": "did:key:zInv", "sealed": "c2VhbGVk"}]},
    {"id": "s1", "constitution": {"name": "Books"}, "joining": {"invitedBy": "did:key:zAna", "role": "member"}}
  ],
  "network": {"mode": "this-computer", "port": 4321},
  "paused": true,
  "codeUnchecked": true
}`
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, olderStateFile), []byte(older), 0o600); err != nil {
		t.Fatal(err)
	}
	n := newTestNode(t, nil, home)
	want := state{Folder: "/srv/Minca", NodeID: "n0de", Network: netState{Mode: "this-computer", Port: 4321},
		Paused: true, CodeUnchecked: true, Spaces: []spaceState{
			{ID: "s2", Constitution: map[string]any{"name": "Garden"}, SealedKeys: []string{"k1"},
				Nodes: []string{"ws://127.0.0.1:4321/"}, InviteLinks: []keptLink{{Key: "did:key:zInv", Sealed: "c2VhbGVk"}}},
			{ID: "s1", Constitution: map[string]any{"name": "Books"}, Joining: &pendingJoin{InvitedBy: "did:key:zAna", Role: "member"}},
		}}
	if !reflect.DeepEqual(n.st, want) || !n.paused {
		t.Fatalf("imported %+v\nwant %+v", n.st, want)
	}
	if got := storedState(t, dir); !reflect.DeepEqual(got, want) {
		t.Fatalf("the store keeps %+v\nwant %+v", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, olderStateFile+importedSuffix)); err != nil || string(b) != older {
		t.Fatalf("state.json.imported: %q %v, want the file as it was", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, olderStateFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("state.json still there: %v", err)
	}
	n.Close()

	if err := os.WriteFile(filepath.Join(dir, olderStateFile), []byte(`{"folder": "/elsewhere"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	n = newTestNode(t, nil, home)
	defer n.Close()
	if !reflect.DeepEqual(n.st, want) {
		t.Fatalf("after a reopen %+v\nwant %+v", n.st, want)
	}
	if _, err := os.Stat(filepath.Join(dir, olderStateFile)); err != nil {
		t.Fatalf("a later state.json was not left alone: %v", err)
	}
}

// A person's whole state, as an older build kept it, comes through the
// upgrade: the account unlocks and holds its spaces.
func TestOlderStateUpgrade(t *testing.T) {
	ctx := context.Background()
	hub, alice, s := aliceWithGarden(t)
	before := alice.n.st
	dir := alice.n.dir
	alice.n.Close()
	writeOlderState(t, dir, before)

	alice.reopen(t, hub)
	if !reflect.DeepEqual(storedState(t, dir), before) {
		t.Fatalf("the store keeps %+v\nwant %+v", storedState(t, dir), before)
	}
	if _, err := alice.n.Space(ctx, s.ID); err != nil {
		t.Fatalf("Garden after the upgrade: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, olderStateFile+importedSuffix)); err != nil {
		t.Fatal(err)
	}
}

// A state.json that does not parse stops the node, untouched, and nothing
// is imported.
func TestOlderStateBroken(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	env := paths.Env{GOOS: "linux", Home: home}
	dir, err := paths.ProfileDir(env, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	broken := []byte(`{"folder": "/srv/Min`)
	if err := os.WriteFile(filepath.Join(dir, olderStateFile), broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if n, err := Open(context.Background(), Config{Env: env}); err == nil || !strings.Contains(err.Error(), olderStateFile) {
		if n != nil {
			n.Close()
		}
		t.Fatalf("open with a broken state.json: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, olderStateFile)); err != nil || !bytes.Equal(b, broken) {
		t.Fatalf("state.json now %q %v", b, err)
	}
	db, err := store.Open(context.Background(), storePath(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, ok, err := db.LoadNodeState(context.Background()); ok || err != nil {
		t.Fatalf("a state was kept: %v %v", ok, err)
	}
}

// An import never overwrites an earlier one's file (a profile whose
// node.db was deleted by hand): the new one is state.json.imported-2.
func TestOlderStateImportKeepsEarlierFile(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	dir, err := paths.ProfileDir(paths.Env{GOOS: "linux", Home: home}, paths.DefaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	earlier, older := []byte(`{"folder": "/first"}`), []byte(`{"folder": "/second"}`)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{olderStateFile + importedSuffix: earlier, olderStateFile: older} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	n := newTestNode(t, nil, home)
	defer n.Close()
	if n.st.Folder != "/second" {
		t.Fatalf("imported folder %q, want /second", n.st.Folder)
	}
	for name, want := range map[string][]byte{olderStateFile + importedSuffix: earlier, olderStateFile + importedSuffix + "-2": older} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(b, want) {
			t.Errorf("%s: %q %v, want %q", name, b, err, want)
		}
	}
}
