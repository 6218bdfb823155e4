package transport

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/nodetls"
)

// wssTransport is the HTTP transport of one wss:// dial (04 "wss://
// without a CA"): the node's certificate is accepted when its leaf key is
// the pinned DID's (nodetls), else only if it verifies against
// Config.ClientTLS's roots (nil: the system's) for the URL's host.
// HTTP/1.1 only: a WebSocket upgrade.
func (t *Transport) wssTransport(node invite.Node) (*http.Transport, error) {
	u, err := url.Parse(node.URL)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNodeURL, err)
	}
	ht := http.DefaultTransport.(*http.Transport).Clone()
	ht.ForceAttemptHTTP2 = false
	ht.TLSClientConfig = nodetls.ClientConfig(node.DID, u.Hostname(), t.cfg.ClientTLS)
	return ht, nil
}

// URL is this node's URL (04 §5.2), "" while it does not listen:
// wss:// with a TLS configuration, else ws://; the host[:port] is
// Config.Advertise's, else the address bound; the path Config.Path; the
// fragment the node's DID. When the address bound is unspecified (0.0.0.0,
// [::]) and nothing is advertised, the host is the machine's first up,
// non-loopback IPv4 address (net.Interfaces order), or 127.0.0.1 if it has
// none.
func (t *Transport) URL() string {
	t.mu.Lock()
	bound := t.addr
	t.mu.Unlock()
	if bound == "" {
		return ""
	}
	u, err := t.urlFor(bound)
	if err != nil {
		return "" // Listen checked it
	}
	return u
}

// urlFor builds the node URL for the address bound and checks it is one
// (core/invite.ParseNodes: ws:// only on loopback).
func (t *Transport) urlFor(bound string) (string, error) {
	host, port, err := net.SplitHostPort(bound)
	if err != nil {
		return "", fmt.Errorf("listen address %q: %w", bound, err)
	}
	if a := t.cfg.Advertise; strings.ContainsAny(a, "/?#@ \t\\") {
		return "", fmt.Errorf("advertise %q: %w: a host or host:port, no path", a, ErrNodeURL)
	} else if a != "" {
		if h, p, err := net.SplitHostPort(a); err == nil {
			if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
				return "", fmt.Errorf("advertise %q: %w: port %q", a, ErrNodeURL, p)
			}
			host, port = h, p
		} else {
			host = strings.TrimSuffix(strings.TrimPrefix(a, "["), "]")
		}
	} else if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = firstIPv4()
	}
	scheme := "ws://"
	if t.cfg.ServerTLS != nil {
		scheme = "wss://"
	}
	u := scheme + net.JoinHostPort(host, port) + t.cfg.Path + "#" + t.self
	if _, err := invite.ParseNodes([]string{u}); err != nil {
		return "", fmt.Errorf("advertise %q: %w", t.cfg.Advertise, err)
	}
	return u, nil
}

// firstIPv4 is the machine's first up, non-loopback IPv4 address, or
// 127.0.0.1.
func firstIPv4() string {
	ifs, err := net.Interfaces()
	if err != nil {
		return "127.0.0.1"
	}
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
				return n.IP.String()
			}
		}
	}
	return "127.0.0.1"
}
