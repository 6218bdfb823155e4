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
	if in := takeLinks(env, events); in != nil {
		defer in.Close()
	}
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

// takeLinks makes this UI the profile's instance (app/instance) when no
// window is: a later `minca minca:…` launch then hands its link to the page,
// as "invite" events, instead of opening a window. With a window open (or
// no instance directory to use) the UI takes no links and says so in the
// log; nil then.
func takeLinks(env Env, events *app.Events) *instance.Instance {
	links := make(chan string, 4)
	in, err := instance.Listen(instance.Config{Profile: paths.DefaultProfile, OnLink: offerLink(links), Log: logger(env)})
	if err != nil {
		logger(env).Info("minca ui takes no links", "why", err)
		return nil
	}
	go linkEvents(env.Ctx, events, links, nil)
	return in
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
