package cli

import (
	"fmt"
	"net"
	"net/netip"
	"strconv"

	"minca.dev/desktop/node/attach"
)

// hostHelp is what `minca host --help` adds to the usage line.
const hostHelp = `Run it on a machine that stays on (a home server, a VPS) with the account
unlocked by the keychain or MINCA_PASSPHRASE, and it keeps every space of
the account in sync for the other members; with --listen on a network
address it also accepts peers there over wss://, with a certificate of the
node's own key that the DID in its node URL pins (no CA needed).
See docs/HOSTING.md.`

type hostOptions struct {
	listen string
}

// runHost runs the node headless until stopped: an always-on keeper of
// the account's spaces. If another process owns the node, the host waits
// and takes it over when that process exits.
func runHost(env Env, c command, args []string) error {
	var o hostOptions
	fs := newFlags(env, c)
	usage := fs.Usage
	fs.Usage = func() { usage(); fmt.Fprintf(env.Stderr, "\n%s\n", hostHelp) }
	fs.StringVar(&o.listen, "listen", "", "also accept peers (node sockets, 04) on IP:PORT: ws:// on a loopback IP, wss:// on any other (0.0.0.0:PORT: every interface)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	var a *attach.Attachment
	cfg := attachConfig(env, o.listen)
	cfg.OnRole = func(r attach.Role) {
		if r != attach.Owner {
			fmt.Fprintln(env.Stdout, "Minca host: another process owns the node; taking it over when it exits.")
			return
		}
		fmt.Fprintln(env.Stdout, "Minca host: keeping the node; press Ctrl-C to stop.")
		if a != nil { // a takeover: Attach has returned
			o.printURL(env, a)
		}
	}
	a, err := attach.Attach(env.Ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintf(env.Stdout, "Local API on %s\n", a.SocketPath())
	if a.Role() == attach.Owner {
		o.printURL(env, a)
	}
	if err := a.Keep(env.Ctx); err != nil && env.Ctx.Err() == nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "Minca host: stopped.")
	return nil
}

// printURL prints the node URL peers dial (what invites carry), when the
// host listens.
func (o hostOptions) printURL(env Env, a *attach.Attachment) {
	if o.listen == "" {
		return
	}
	if s, err := a.Node().SyncStatus(env.Ctx); err == nil && s.Listen != "" {
		fmt.Fprintf(env.Stdout, "Accepting peers at %s\n", s.Listen)
	}
}

// check refuses a --listen that is not IP:PORT before anything is opened.
func (o hostOptions) check() error {
	if o.listen == "" {
		return nil
	}
	host, port, err := net.SplitHostPort(o.listen)
	if err != nil {
		return usageErr("--listen %s: want an IP and a port, e.g. 0.0.0.0:7447 or 127.0.0.1:7447", o.listen)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return usageErr("--listen %s: port must be a number 0-65535", o.listen)
	}
	if _, err := netip.ParseAddr(host); host != "" && err != nil {
		return usageErr("--listen %s: want an IP and a port, e.g. 0.0.0.0:7447 or 127.0.0.1:7447", o.listen)
	}
	return nil
}
