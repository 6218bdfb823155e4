// Package localapi serves a node's api.Node over a local socket and gives
// other processes a client for it, the way Tailscale's GUI, CLI and daemon
// share its LocalAPI.
//
// The owner of a profile's node (node/lock) serves Handler on a unix socket
// of mode 0600 in the user's runtime directory (SocketPath). Every route is
// in one table (routes.go) under the versioned prefix /localapi/v1/. A
// request must name the fixed Host and carry no Origin, Referer or
// Sec-Fetch-Site header, so no web page can reach the API even through a
// forwarded socket or a DNS-rebound name. Errors travel as JSON
// {"error":{"code","message","hint","detail"}} and the Client turns them back into
// *api.Error. Watch is one streaming response of newline-delimited JSON
// events: the snapshot, then deltas.
//
// A process that owns the node in-process serves the same Handler over an
// in-memory listener (NewMemListener), so the window, the tray and the CLI
// go through one code path whether the node is theirs or another
// process's, and a client switches to its own node after a takeover by
// changing only where it dials (node/attach).
package localapi

// Prefix is the versioned prefix of every route.
const Prefix = "/localapi/v1/"

// Host is the only Host a request may name. The .invalid top-level domain
// never resolves (RFC 6761), so no web page can be served from it.
const Host = "localapi.minca.invalid"
