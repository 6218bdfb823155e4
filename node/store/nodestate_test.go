package store

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

func sampleState() NodeState {
	return NodeState{
		Folder: "/home/ana/Minca", AccountID: "acct1", DID: "did:key:zAna", ProfileName: "Ana",
		KeyStore: "keychain", NodeID: "node1", NetworkMode: "this-computer", NetworkPort: 43210,
		Paused: true, CodeUnchecked: true,
		Spaces: []HeldSpace{
			{ID: "s2", State: json.RawMessage(`{"id":"s2","constitution":{"name":"Garden"}}`)},
			{ID: "s1", State: json.RawMessage(`{"id":"s1","sealedKeys":["k"]}`)},
		},
	}
}

func TestNodeStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "node.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.LoadNodeState(ctx); ok || err != nil {
		t.Fatalf("a fresh store has a node state: %v %v", ok, err)
	}
	want := sampleState()
	if err := s.SaveNodeState(ctx, want); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, ok, err := s.LoadNodeState(ctx)
	if !ok || err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("after reopen: %+v %v %v\nwant %+v", got, ok, err, want)
	}
	// A save replaces the whole state: a space let go is gone.
	want.Spaces, want.Paused = want.Spaces[1:], false
	if err := s.SaveNodeState(ctx, want); err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.LoadNodeState(ctx); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("after a second save: %+v %v\nwant %+v", got, err, want)
	}
}

// A save that fails halfway, after the row and some spaces were written,
// leaves the state as it was: one transaction.
func TestFailedSaveChangesNothing(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	before := sampleState()
	if err := s.SaveNodeState(ctx, before); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON held_spaces
		WHEN NEW.id = 'boom' BEGIN SELECT RAISE(ABORT, 'boom refused'); END`); err != nil {
		t.Fatal(err)
	}
	next := sampleState()
	next.Folder, next.Paused = "/elsewhere", false
	next.Spaces = append(next.Spaces[:1], HeldSpace{ID: "boom", State: json.RawMessage(`{}`)})
	if err := s.SaveNodeState(ctx, next); err == nil {
		t.Fatal("the save went through the trigger")
	}
	if got, ok, err := s.LoadNodeState(ctx); !ok || err != nil || !reflect.DeepEqual(got, before) {
		t.Fatalf("after a failed save: %+v %v %v\nwant %+v", got, ok, err, before)
	}
}

// A state the schema would refuse is refused whole, with ErrBadNodeState.
func TestBadNodeStateRefused(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	before := sampleState()
	if err := s.SaveNodeState(ctx, before); err != nil {
		t.Fatal(err)
	}
	bad := map[string][]HeldSpace{
		"twice":     {{ID: "a", State: json.RawMessage(`{}`)}, {ID: "a", State: json.RawMessage(`{}`)}},
		"no id":     {{State: json.RawMessage(`{}`)}},
		"not JSON":  {{ID: "a", State: json.RawMessage(`{"a":`)}},
		"no object": {{ID: "a", State: json.RawMessage(`[1]`)}},
		"null":      {{ID: "a", State: json.RawMessage(`null`)}},
	}
	for name, spaces := range bad {
		st := sampleState()
		st.Folder, st.Spaces = "/other", spaces
		if err := s.SaveNodeState(ctx, st); !errors.Is(err, ErrBadNodeState) {
			t.Errorf("%s: %v, want ErrBadNodeState", name, err)
		}
	}
	if got, _, err := s.LoadNodeState(ctx); err != nil || !reflect.DeepEqual(got, before) {
		t.Fatalf("after refused saves: %+v %v", got, err)
	}
	// The schema refuses them too, should a writer skip the check.
	for _, q := range []string{
		"INSERT INTO held_spaces (id, position, state) VALUES ('x', 9, '{\"a\":')",
		"INSERT INTO held_spaces (id, position, state) VALUES ('y', 9, x'7b7d')",
		"INSERT INTO node_state (id, folder, account_id, did, profile_name, key_store, node_id, network_mode, network_port, paused, code_unchecked) VALUES (2, '', '', '', '', '', '', '', 0, 0, 0)",
		"UPDATE node_state SET network_port = 70000",
		"UPDATE node_state SET paused = 'yes'",
	} {
		if _, err := s.db.Exec(q); err == nil {
			t.Errorf("the schema took %s", q)
		}
	}
}
