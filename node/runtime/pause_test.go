package runtime

import (
	"context"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
	"minca.dev/desktop/node/paths"
)

// A pause outlives the node: reopened (a restart, or another process
// taking the profile over), it is still paused and dials no one, so what
// is written meanwhile does not reach it, until ResumeSync, which is kept
// too.
func TestPauseKeptAcrossReopen(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, false, "member", bob)
	if err := bob.n.PauseSync(ctx); err != nil {
		t.Fatal(err)
	}
	bob.n = reopenNet(t, bob)
	if st := syncStatus(t, bob); !st.Paused || spaceSync(t, bob, s.ID).State != netsync.StatePaused {
		t.Fatalf("reopened after a pause: %+v", st)
	}
	id := write(t, alice, s.ID, "while bob was paused")
	time.Sleep(time.Second) // what a dial would have taken, many times over
	if bob.holds(s.ID, id) || connected(t, bob, alice) == nil {
		t.Fatal("a node reopened paused synced")
	}
	if err := bob.n.ResumeSync(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bob reads after resuming", func() error { return reads(bob, s.ID, id, "while bob was paused") })
	bob.n = reopenNet(t, bob)
	if st := syncStatus(t, bob); st.Paused {
		t.Fatalf("reopened after resuming: %+v", st)
	}
	later := write(t, alice, s.ID, "after the resume")
	waitFor(t, "bob, reopened, reads", func() error { return reads(bob, s.ID, later, "after the resume") })
}

// reopenNet closes p's node and opens its profile again on sockets,
// unlocking it with its passphrase (netPerson's).
func reopenNet(t *testing.T, p *person) *Node {
	t.Helper()
	if err := p.n.Close(); err != nil {
		t.Fatal(err)
	}
	n, err := Open(context.Background(), Config{Env: paths.Env{GOOS: "linux", Home: p.home}, Sockets: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	if _, err := n.RestoreAccount(context.Background(), api.RestoreAccount{Passphrase: "pass of " + p.name}); err != nil {
		t.Fatalf("unlock %s: %v", p.name, err)
	}
	return n
}
