package runtime

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// A second device of the account follows its registry (03 §13.2): it comes
// to hold the spaces the first one created (a private one readable), and
// stops holding the one the account left.
func TestRegistryFollowed(t *testing.T) {
	ctx := context.Background()
	hub := NewHub(50 * time.Millisecond)
	t.Cleanup(hub.Close)
	a := newTestNode(t, hub, filepath.Join(t.TempDir(), "a"))
	t.Cleanup(func() { a.Close() })
	acc, pub, priv := aliceTwoSpaces(t, a)
	id, err := a.Write(ctx, api.Write{SpaceID: priv.ID, Collection: "app.chat", Body: "secret"})
	if err != nil {
		t.Fatal(err)
	}

	b := newTestNode(t, hub, filepath.Join(t.TempDir(), "b"))
	t.Cleanup(func() { b.Close() })
	if _, err := b.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: acc.RecoveryCode, Passphrase: "pass phrase two"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "device b follows the registry", holdsSpaces(b, pub.ID, priv.ID))
	p := &person{name: "Alice on b", n: b}
	waitFor(t, "device b reads the private space", func() error { return reads(p, priv.ID, id, "secret") })

	if err := a.LeaveSpace(ctx, pub.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "device b follows the leave", holdsSpaces(b, priv.ID))
}
