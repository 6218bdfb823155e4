package attach

import (
	"context"
	"testing"
)

// Two homes of one user share the runtime directory (a second HOME in the
// same session, or a sandboxed and a native install): each owner serves
// its own socket, neither removes the other's, and a client of either
// home reaches its own home's node.
func TestHomesShareRuntimeDir(t *testing.T) {
	ctx := context.Background()
	homeA, rt := dirs(t)
	homeB := t.TempDir()
	owners := map[string]*Attachment{}
	for _, home := range []string{homeA, homeB} {
		a, err := Attach(ctx, config(home, rt, nil))
		if err != nil {
			t.Fatalf("attach %s: %v", home, err)
		}
		defer a.Close()
		if a.Role() != Owner {
			t.Fatalf("%s: not the owner of its own profile", home)
		}
		owners[home] = a
	}
	if owners[homeA].SocketPath() == owners[homeB].SocketPath() {
		t.Errorf("both homes serve %s", owners[homeA].SocketPath())
	}
	for _, home := range []string{homeA, homeB} {
		c, err := Attach(ctx, config(home, rt, nil))
		if err != nil {
			t.Fatalf("attach a client of %s: %v", home, err)
		}
		defer c.Close()
		if c.Role() != Client {
			t.Fatalf("%s: a second attach owns the node", home)
		}
		got, err := c.Node().Status(ctx)
		if err != nil {
			t.Fatalf("status over the socket of %s: %v", home, err)
		}
		want, err := owners[home].Node().Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got.StorePath != want.StorePath {
			t.Errorf("a client of %s reached the node of %s", want.StorePath, got.StorePath)
		}
	}
}
