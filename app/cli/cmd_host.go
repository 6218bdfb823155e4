package cli

import (
	"errors"
	"fmt"
	"net"
	"strconv"

	"minca.dev/desktop/node/attach"
)

type hostOptions struct {
	listen string
}

// runHost runs the node headless until stopped: an always-on keeper of
// the account's spaces. If another process owns the node, the host waits
// and takes it over when that process exits.
func runHost(env Env, c command, args []string) error {
	var o hostOptions
	fs := newFlags(env, c)
	fs.StringVar(&o.listen, "listen", "", "also accept peers on HOST:PORT (node sockets, 04)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.listen != "" {
		if err := checkListen(o.listen); err != nil {
			return err
		}
		// node/runtime has no network listener yet (its sync runs over an
		// in-process hub); node/transport's Listen waits to be wired there.
		return errListenMissing
	}
	cfg := attachConfig(env)
	cfg.OnRole = func(r attach.Role) {
		if r == attach.Owner {
			fmt.Fprintln(env.Stdout, "Minca host: keeping the node; press Ctrl-C to stop.")
		} else {
			fmt.Fprintln(env.Stdout, "Minca host: another process owns the node; taking it over when it exits.")
		}
	}
	a, err := attach.Attach(env.Ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintf(env.Stdout, "Local API on %s\n", a.SocketPath())
	if err := a.Keep(env.Ctx); err != nil && env.Ctx.Err() == nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "Minca host: stopped.")
	return nil
}

// errListenMissing is what `host --listen` answers until the runtime can
// listen for peers.
var errListenMissing = errors.New("accepting peers is not available yet: the node runtime has no network listener (node/transport is not wired into node/runtime); run `minca host` without --listen to keep the node for this machine")

// checkListen accepts HOST:PORT with a numeric port.
func checkListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErr("--listen %s: want HOST:PORT, e.g. 0.0.0.0:7447", addr)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return usageErr("--listen %s: port must be a number 0-65535", addr)
	}
	return nil
}
