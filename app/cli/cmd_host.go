package cli

import (
	"net"
	"net/netip"
	"strconv"
	"strings"

	"minca.dev/desktop/node/attach"
)

// hostHelp is what `minca host --help` adds to the usage line.
const hostHelp = `Run it on a machine that stays on (a home server, a VPS) with the account
unlocked by the keychain or MINCA_PASSPHRASE, and it keeps every space of
the account in sync for the other members; with --listen on a network
address it also accepts peers there over wss://, with a certificate of the
node's own key that the DID in its node URL pins (no CA needed).
See docs/HOSTING.md.`

// hostJSONHelp is what `minca host --help` says of --json.
const hostJSONHelp = `With --json it prints one JSON object a line as things happen, for scripts:
{"event":"role","role":"owner"|"client"}, {"event":"socket","socket":PATH},
{"event":"listening","url":URL}, {"event":"not-listening"} and
{"event":"stopped"}, each with "text", the line printed without --json.`

type hostOptions struct {
	listen    string
	advertise string
	json      bool
}

// runHost runs the node headless until stopped: an always-on keeper of
// the account's spaces. If another process owns the node, the host waits
// and takes it over when that process exits.
func runHost(env Env, c command, args []string) error {
	var o hostOptions
	fs := newFlags(env, c, hostHelp, hostJSONHelp)
	fs.StringVar(&o.listen, "listen", "", "also accept peers (node sockets, 04) on IP:PORT: ws:// on a loopback IP, wss:// on any other (0.0.0.0:PORT: every interface)")
	fs.StringVar(&o.advertise, "advertise", "", "the HOST[:PORT] other nodes dial, put into invites (default: the --listen address; for 0.0.0.0 the first LAN IPv4)")
	fs.BoolVar(&o.json, "json", false, "print what happens as JSON, one object a line")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	out := &hostOut{env: env, json: o.json}
	var a *attach.Attachment
	cfg := attachHostConfig(env, o.listen, o.advertise)
	cfg.OnRole = func(r attach.Role) {
		if r != attach.Owner {
			out.say(hostEvent{Event: hostEventRole, Role: r.String(),
				Text: "Minca host: another process owns the node; taking it over when it exits."})
			return
		}
		out.say(hostEvent{Event: hostEventRole, Role: r.String(),
			Text: "Minca host: keeping the node; press Ctrl-C to stop."})
		if a != nil { // a takeover: Attach has returned
			printURL(env, out, a)
		}
	}
	a, err := attach.Attach(env.Ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	out.say(hostEvent{Event: hostEventSocket, Socket: a.SocketPath(), Text: "Local API on " + a.SocketPath()})
	if a.Role() == attach.Owner {
		printURL(env, out, a)
	}
	if err := a.Keep(env.Ctx); err != nil && env.Ctx.Err() == nil {
		return err
	}
	out.say(hostEvent{Event: hostEventStopped, Text: "Minca host: stopped."})
	return nil
}

// printURL prints the node URL peers dial (what invites carry) when the
// host listens, through --listen or the network setting; otherwise how to
// make it listen.
func printURL(env Env, out *hostOut, a *attach.Attachment) {
	s, err := a.Node().SyncStatus(env.Ctx)
	switch {
	case err != nil:
		return
	case s.Listen != "":
		out.say(hostEvent{Event: hostEventListening, URL: s.Listen, Text: "Accepting peers at " + s.Listen})
	default:
		out.say(hostEvent{Event: hostEventNotListening,
			Text: "Not accepting peers: it dials the others only (give --listen, or `minca network set local-network`)."})
	}
}

// check refuses a --listen that is not IP:PORT and an --advertise that is
// not HOST[:PORT], before anything is opened. A loopback --listen serves
// plain ws://, which only this machine may dial (04 §5.2), so it cannot be
// advertised as another host.
func (o hostOptions) check() error {
	if o.listen == "" {
		if o.advertise != "" {
			return usageErr("--advertise needs --listen")
		}
		return nil
	}
	host, port, err := net.SplitHostPort(o.listen)
	if err != nil {
		return usageErr("--listen %s: want an IP and a port, e.g. 0.0.0.0:7447 or 127.0.0.1:7447", o.listen)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return usageErr("--listen %s: port must be a number 0-65535", o.listen)
	}
	ip, err := netip.ParseAddr(host)
	if host != "" && err != nil {
		return usageErr("--listen %s: want an IP and a port, e.g. 0.0.0.0:7447 or 127.0.0.1:7447", o.listen)
	}
	if o.advertise == "" {
		return nil
	}
	if err := checkAdvertise(o.advertise); err != nil {
		return err
	}
	if host != "" && ip.IsLoopback() && !isLoopbackHost(o.advertise) {
		return usageErr("--advertise %s: a loopback --listen serves plain ws://, which only this machine may dial; listen on a network address (wss://)", o.advertise)
	}
	return nil
}

// checkAdvertise accepts HOST or HOST:PORT, with no scheme or path.
func checkAdvertise(adv string) error {
	if strings.ContainsAny(adv, "/?#@ \t\\") {
		return usageErr("--advertise %s: want HOST or HOST:PORT (no scheme, no path)", adv)
	}
	if _, port, err := net.SplitHostPort(adv); err == nil {
		if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
			return usageErr("--advertise %s: port must be a number 1-65535", adv)
		}
	}
	return nil
}

func isLoopbackHost(adv string) bool {
	host := adv
	if h, _, err := net.SplitHostPort(adv); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	ip, err := netip.ParseAddr(host)
	return host == "localhost" || (err == nil && ip.IsLoopback())
}
