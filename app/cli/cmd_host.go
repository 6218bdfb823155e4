package cli

import (
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
	fs.StringVar(&o.listen, "listen", "", "also accept peers (node sockets, 04) on a loopback IP:PORT")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.listen != "" {
		if err := checkListen(o.listen); err != nil {
			return err
		}
	}
	cfg := attachConfig(env, o.listen)
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
	if o.listen != "" && a.Role() == attach.Owner {
		if s, err := a.Node().SyncStatus(env.Ctx); err == nil && s.Listen != "" {
			fmt.Fprintf(env.Stdout, "Accepting peers at %s\n", s.Listen)
		}
	}
	if err := a.Keep(env.Ctx); err != nil && env.Ctx.Err() == nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "Minca host: stopped.")
	return nil
}

// checkListen accepts a loopback IP and a port. Node sockets are plain
// ws:// (node/transport serves wss:// only with a TLS config, which the
// runtime does not take yet), so they stay on this machine; put a TLS
// proxy in front to reach them from elsewhere.
func checkListen(addr string) error {
	if _, port, err := net.SplitHostPort(addr); err == nil {
		if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
			return usageErr("--listen %s: port must be a number 0-65535", addr)
		}
	}
	if err := checkLoopback(addr); err != nil {
		return usageErr("--listen %s: %v (plain ws:// stays on this machine; TLS is not wired yet)", addr, err)
	}
	return nil
}
