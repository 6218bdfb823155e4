// Package attach gives a process the profile's node, whoever owns it: the
// process that holds the profile's lock (node/lock) opens the node in
// process and serves it on the local socket (node/localapi); every other
// process is a client over that socket. Keep makes a client take the node
// over within seconds of its owner exiting, so the tray keeps sync running
// after the window that owned the node closes.
//
// Either way the caller gets one api.Node, a *localapi.Client: an owner's
// client dials its own server over an in-memory pipe, a client's dials the
// socket, and a takeover only changes where it dials. The window, the tray
// and the CLI thus use one code path (the local API's handler) in every role.
package attach

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/localapi"
	"minca.dev/desktop/node/lock"
	"minca.dev/desktop/node/paths"
)

// Role says how a process reaches the node.
type Role int

const (
	Client Role = iota // another process owns the node
	Owner              // this process owns it
)

func (r Role) String() string {
	if r == Owner {
		return "owner"
	}
	return "client"
}

// Node is a node opened in process: an api.Node that must be closed.
type Node interface {
	api.Node
	Close() error
}

// Config says which node to attach to and how to open it.
type Config struct {
	Env     paths.Env
	Profile string // "" = paths.DefaultProfile
	// Open opens the node in process; called only while holding the lock.
	Open func(ctx context.Context) (Node, error)
	Log  *slog.Logger // nil for none
	// OnRole, if set, is called with the role once Attach has reached the
	// node and again when Keep takes it over.
	OnRole func(Role)
	// ReachWait bounds how long a client waits for an owner that holds the
	// lock but does not answer yet (it is starting). 0 = 10 s.
	ReachWait time.Duration
}

// Attachment is a process's hold on the node. Close it when done.
type Attachment struct {
	cfg    Config
	dir    string // profile directory (the lock's)
	sock   string // socket path
	client *localapi.Client

	mu    sync.Mutex
	owned *owned // non-nil while this process owns the node
	done  bool
}

// Attach reaches the profile's node: as its owner when nobody else holds
// the lock, else as a client of the owner's socket.
func Attach(ctx context.Context, cfg Config) (*Attachment, error) {
	if cfg.Open == nil {
		return nil, errors.New("attach: Config.Open is required")
	}
	if cfg.Profile == "" {
		cfg.Profile = paths.DefaultProfile
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.ReachWait <= 0 {
		cfg.ReachWait = 10 * time.Second
	}
	dir, err := paths.ProfileDir(cfg.Env, cfg.Profile)
	if err != nil {
		return nil, err
	}
	sock, err := localapi.SocketPath(cfg.Env, cfg.Profile)
	if err != nil {
		return nil, err
	}
	a := &Attachment{cfg: cfg, dir: dir, sock: sock, client: localapi.NewClient(localapi.DialSocket(sock), false)}
	if err := a.reach(ctx); err != nil {
		return nil, err
	}
	a.notify()
	return a, nil
}

// Node is the api.Node to use, in either role.
func (a *Attachment) Node() api.Node { return a.client }

// Role says whether this process owns the node now.
func (a *Attachment) Role() Role {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.owned != nil {
		return Owner
	}
	return Client
}

// SocketPath is where the owner serves the node.
func (a *Attachment) SocketPath() string { return a.sock }

// reach makes a.client reach a node: by owning it if the lock is free, else
// by waiting (up to ReachWait) for the owner's socket to answer.
func (a *Attachment) reach(ctx context.Context) error {
	deadline := time.Now().Add(a.cfg.ReachWait)
	b := backoff{min: 50 * time.Millisecond, max: 500 * time.Millisecond}
	for {
		took, err := a.tryOwn(ctx)
		if took || err != nil {
			return err
		}
		probe, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, err = a.client.Status(probe)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("attach to the node of profile %s (owner pid %d): %w", a.cfg.Profile, lock.Owner(a.dir), err)
		}
		if err := b.wait(ctx); err != nil {
			return err
		}
	}
}

// tryOwn takes the node if its lock is free. It reports whether it did; an
// error means the lock was free but the node could not be opened.
func (a *Attachment) tryOwn(ctx context.Context) (bool, error) {
	l, err := lock.TryAcquire(a.dir)
	if errors.Is(err, lock.ErrHeld) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.done {
		l.Release()
		return false, errors.New("attach: closed")
	}
	o, err := own(ctx, a.cfg, l, a.sock)
	if err != nil {
		l.Release()
		return false, err
	}
	a.owned = o
	a.client.SetDial(o.mem.Dial, true)
	a.cfg.Log.Info("owning the node", "profile", a.cfg.Profile, "socket", a.sock)
	return true, nil
}

// Keep keeps the node reachable until ctx ends: while another process owns
// it, it retries the lock with a backoff (up to a second), and when the
// owner has gone it opens the node and serves the socket itself. It returns
// ctx's error, or the error of a takeover that failed to open the node.
func (a *Attachment) Keep(ctx context.Context) error {
	b := backoff{min: 100 * time.Millisecond, max: time.Second}
	for {
		if a.Role() == Owner {
			<-ctx.Done()
			return ctx.Err()
		}
		took, err := a.tryOwn(ctx)
		if err != nil {
			return fmt.Errorf("take the node over: %w", err)
		}
		if took {
			a.notify()
			continue
		}
		if err := b.wait(ctx); err != nil {
			return err
		}
	}
}

func (a *Attachment) notify() {
	if a.cfg.OnRole != nil {
		a.cfg.OnRole(a.Role())
	}
}

// Close stops serving and closes the node if this process owns it, then
// releases the lock; a client waiting in Keep may take over.
func (a *Attachment) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.done = true
	a.client.CloseIdle()
	if a.owned == nil {
		return nil
	}
	err := a.owned.close()
	a.owned = nil
	return err
}

// backoff doubles a wait from min to max.
type backoff struct{ min, max, cur time.Duration }

func (b *backoff) wait(ctx context.Context) error {
	b.cur = min(max(2*b.cur, b.min), b.max)
	t := time.NewTimer(b.cur)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
