package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/paths"
)

// tokenBytes is the size of the per-run secret of `minca ui`.
const tokenBytes = 32

// runUI serves the window's UI and bindings to a browser until env.Ctx is
// done. It prints the address to open, with the token in its fragment (a
// fragment is never sent to a server, nor in a Referer).
func runUI(env Env, c command, args []string) error {
	fs := newFlags(env, c)
	listen := fs.String("listen", "127.0.0.1:0", "loopback address and port to serve on (port 0 picks one)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkLoopback(*listen); err != nil {
		return fmt.Errorf("%w: --listen %s: %v", errUsage, *listen, err)
	}
	a, at, err := openApp(env)
	if err != nil {
		return err
	}
	defer at.Close()
	token, err := newToken()
	if err != nil {
		return err
	}
	events := app.NodeEvents(env.Ctx, a)
	links, stopLinks := context.WithCancel(env.Ctx)
	taking := takeLinks(links, env, events)
	defer func() { stopLinks(); <-taking }()
	bridge, err := app.NewBridge(app.BridgeConfig{
		API: a, Events: events, Assets: env.Assets, Token: token,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "Minca UI: http://%s/#token=%s\n", ln.Addr(), token)
	return serve(env.Ctx, ln, bridge)
}

// relisten is how often `minca ui` looks whether the profile's window has
// closed, to take links again.
const relisten = 2 * time.Second

// takeLinks makes this UI the profile's instance (app/instance) whenever
// no window is: a later `minca minca:…` launch then hands its link to the
// page, as "invite" events, instead of opening a window. The UI shows no
// window itself (Windowless): a plain `minca`, or a link launch while no
// page is open (ShowsLinks: nothing subscribes to events), makes it let
// go, and opens its own window over the same node; links then go there. Once that
// window has closed, the UI takes links again. It runs until ctx ends, and
// the channel it returns is closed once it has let go of the instance.
func takeLinks(ctx context.Context, env Env, events *app.Events) <-chan struct{} {
	links := make(chan string, 4)
	go linkEvents(ctx, events, links, nil)
	cfg := instance.Config{Profile: paths.DefaultProfile, Windowless: true, OnLink: offerLink(links), Log: logger(env),
		ShowsLinks: func() bool { return events.Subscribers() > 0 }}
	done := make(chan struct{})
	go func() {
		defer close(done)
		holdLinks(ctx, cfg)
	}()
	return done
}

// holdLinks holds the instance of cfg while no window does, until ctx ends.
func holdLinks(ctx context.Context, cfg instance.Config) {
	held := true // so that the first refusal is logged
	for {
		in, err := instance.Listen(cfg)
		if err == nil {
			cfg.Log.Info("minca ui takes links")
			held = true
			select {
			case <-ctx.Done():
			case <-in.Yielded():
				cfg.Log.Info("minca ui takes no links while the window is open")
				held = false
			}
			in.Close()
		} else if held {
			cfg.Log.Info("minca ui takes no links while a window is open", "why", err)
			held = false
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(relisten):
		}
	}
}

// checkLoopback accepts only a literal loopback IP and a port.
func checkLoopback(addr string) error {
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		return errors.New("want a loopback IP and a port, e.g. 127.0.0.1:8080")
	}
	if !ap.Addr().IsLoopback() {
		return errors.New("only a loopback address may be served on (127.0.0.1 or [::1])")
	}
	return nil
}

func newToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// serve runs h on ln until ctx is done, then shuts down gracefully.
func serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// Requests end with ctx, so event streams end at shutdown.
		BaseContext: func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
	}
	return nil
}
