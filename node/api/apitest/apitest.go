// Package apitest is the behaviour suite of node/api's contract: every
// implementation of api.Node (the in-process node/runtime, the socket client
// of node/localapi) runs it with Run.
//
// The suite uses only the api.Node interface. newNode gives a fresh node with
// no account; nodes made in one test share a network, so an invite made by
// one can be joined by another (Run skips the two-node tests when newNode
// says they do not: see Config).
package apitest

import (
	"context"
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// Config says what the implementation under test offers.
type Config struct {
	// NewNode makes a fresh node without an account.
	NewNode func(t *testing.T) api.Node
	// Connected says two nodes made in one test reach each other.
	Connected bool
	// NewNetNode, when set, makes a fresh node without an account that
	// syncs over node sockets on this machine, listening as its network
	// setting says (the Network tests need one).
	NewNetNode func(t *testing.T) api.Node
}

// Run runs the suite; newNode makes nodes that share a network.
func Run(t *testing.T, newNode func(t *testing.T) api.Node) {
	RunConfig(t, Config{NewNode: newNode, Connected: true})
}

// RunConfig runs the suite with cfg.
func RunConfig(t *testing.T, cfg Config) {
	t.Run("NoAccount", func(t *testing.T) { testNoAccount(t, cfg) })
	t.Run("CreateAccount", func(t *testing.T) { testCreateAccount(t, cfg) })
	t.Run("RecoveryCheck", func(t *testing.T) { testRecoveryCheck(t, cfg) })
	t.Run("Spaces", func(t *testing.T) { testSpaces(t, cfg) })
	t.Run("BadInput", func(t *testing.T) { testBadInput(t, cfg) })
	t.Run("Records", func(t *testing.T) { testRecords(t, cfg) })
	t.Run("Members", func(t *testing.T) { testMembers(t, cfg) })
	t.Run("Rights", func(t *testing.T) { testRights(t, cfg) })
	t.Run("RemoveSelf", func(t *testing.T) { testRemoveSelf(t, cfg) })
	t.Run("AssignUnknownRole", func(t *testing.T) { testAssignUnknownRole(t, cfg) })
	t.Run("Watch", func(t *testing.T) { testWatch(t, cfg) })
	t.Run("OldCopy", func(t *testing.T) { testOldCopy(t, cfg) })
	t.Run("NetworkSetting", func(t *testing.T) { testNetworkSetting(t, cfg) })
	t.Run("KeepersBadInput", func(t *testing.T) { testKeepersBadInput(t, cfg) })
	if cfg.NewNetNode != nil {
		t.Run("NetworkJoin", func(t *testing.T) { testNetworkJoin(t, cfg) })
		t.Run("Keepers", func(t *testing.T) { testKeepers(t, cfg) })
	}
	if cfg.Connected {
		t.Run("InviteAndJoin", func(t *testing.T) { testInviteAndJoin(t, cfg) })
		t.Run("InviteWords", func(t *testing.T) { testInviteWords(t, cfg) })
		t.Run("Private", func(t *testing.T) { testPrivate(t, cfg) })
		t.Run("RemoveAllOrNothing", func(t *testing.T) { testRemoveAllOrNothing(t, cfg) })
		t.Run("RightsJoined", func(t *testing.T) { testRightsJoined(t, cfg) })
	}
}

func ctxOf(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// wantCode fails unless err is an *api.Error with code.
func wantCode(t *testing.T, what string, err error, code api.Code) {
	t.Helper()
	var ae *api.Error
	if !errors.As(err, &ae) {
		t.Fatalf("%s: got %v, want an *api.Error with code %s", what, err, code)
	}
	if ae.Code != code {
		t.Fatalf("%s: code %s (%v), want %s", what, ae.Code, err, code)
	}
}

func must[T any](t *testing.T, what string) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
}

// withAccount makes a node with an account named name.
func withAccount(t *testing.T, cfg Config, name string) (api.Node, api.NewAccount) {
	t.Helper()
	n := cfg.NewNode(t)
	acc, err := n.CreateAccount(ctxOf(t), api.CreateAccount{ProfileName: name, Passphrase: "correct horse " + name})
	if err != nil {
		t.Fatalf("create account %s: %v", name, err)
	}
	return n, acc
}

// eventually retries f until it returns nil or 20 s pass.
func eventually(t *testing.T, what string, f func() error) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
