package tray

import (
	"errors"
	"fmt"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
)

// spacesIn is a sync status of spaces in the given states.
func spacesIn(states ...string) api.SyncStatus {
	st := api.SyncStatus{Spaces: []api.SpaceSync{}}
	for i, s := range states {
		st.Spaces = append(st.Spaces, api.SpaceSync{SpaceID: fmt.Sprintf("space-%d", i), State: s})
	}
	return st
}

func TestSyncLook(t *testing.T) {
	const (
		synced, syncing = netsync.StateSynced, netsync.StateSyncing
		offline, paused = netsync.StateOffline, netsync.StatePaused
	)
	pausedStatus := spacesIn(paused, paused)
	pausedStatus.Paused = true
	tests := []struct {
		name string
		st   api.SyncStatus
		err  error
		want Look
	}{
		{"no spaces", spacesIn(), nil, Look{"No spaces yet", IconNormal}},
		{"one up to date", spacesIn(synced), nil, Look{"Up to date · 1 space", IconNormal}},
		{"three up to date", spacesIn(synced, synced, synced), nil, Look{"Up to date · 3 spaces", IconNormal}},
		{"one syncing", spacesIn(synced, syncing, synced), nil, Look{"Syncing 1 space…", IconSyncing}},
		{"two syncing, one offline", spacesIn(syncing, offline, syncing), nil, Look{"Syncing 2 spaces…", IconSyncing}},
		{"some offline", spacesIn(synced, offline, synced), nil, Look{"Up to date · 3 spaces · 1 offline", IconNormal}},
		{"all offline", spacesIn(offline, offline), nil, Look{"Offline: no other computer reachable", IconAttention}},
		{"paused", pausedStatus, nil, Look{"Sync paused", IconPaused}},
		{"paused, no spaces", api.SyncStatus{Paused: true}, nil, Look{"Sync paused", IconPaused}},
		{"no account", api.SyncStatus{}, fmt.Errorf("sync status: %w", api.Errorf(api.CodeNoAccount, "no account")), Look{"No account yet: open Minca to set one up", IconAttention}},
		{"locked", api.SyncStatus{}, api.Errorf(api.CodeLocked, "the vault needs a passphrase"), Look{LabelLocked, IconAttention}},
		{"api error", api.SyncStatus{}, api.Errorf(api.CodeUnavailable, "the node is not running\nmore"), Look{"Status unavailable: the node is not running", IconAttention}},
		{"other error", api.SyncStatus{}, errors.New("connection refused"), Look{"Status unavailable: connection refused", IconAttention}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SyncLook(tc.st, tc.err); got != tc.want {
				t.Fatalf("SyncLook = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestSpaceStates: the states SyncLook counts are node/netsync's.
func TestSpaceStates(t *testing.T) {
	if stateSyncing != netsync.StateSyncing || stateOffline != netsync.StateOffline {
		t.Fatalf("tray counts %q and %q; netsync says %q and %q",
			stateSyncing, stateOffline, netsync.StateSyncing, netsync.StateOffline)
	}
}
