// Package transport is the desktop node's node sockets (04 — Network §5.2–§5.5,
// §6.1, §6.3, §9; docs/spec/04-network.md): WebSockets carrying one space each,
// opened by the challenge/hello/welcome handshake of core/handshake, then
// binary frames each holding one envelope {type, from, payload}.
//
//   - Listening (§5.3) is off until Listen is called (the node calls it when an
//     address is configured). Without a TLS configuration it listens only on a
//     loopback address (ws:// on this machine); elsewhere it serves wss://,
//     normally with node/nodetls.ServerConfig: a self-signed certificate of
//     the node's own key. URL is the node URL to hand out: Config.Advertise's
//     host[:port] when set (binding 0.0.0.0 or [::]), pinned by the DID.
//   - Dialling (§5.2): Connect takes a node URL pinned by DID (parsed by
//     core/invite.ParseNodes, the one parser), refuses ws:// off loopback,
//     refuses a node that does not prove the pinned DID, accepts over wss://
//     a certificate whose key is the pinned DID's and otherwise only one that
//     verifies against Config.ClientTLS's roots (04 "wss:// without a CA"),
//     and redials after every failure or close with exponential backoff
//     (Backoff; the clock and jitter are injected). Each change of a
//     dialler's phase (connecting, connected, refused, failed, backing off)
//     is told to Config.OnDial; HoldRefused makes the waits after a refusal
//     (4003) longer, Redial ends a wait (dialstate.go).
//   - Admission (§6.3, §9.3): the node fills a Gate: which spaces it serves and
//     how it checks read proofs, what it proves reading with, whether it admits
//     a proven peer (former members get nothing, 03 §9.2), and whether each
//     frame may be sent. LetGo drops a peer the node no longer admits.
//   - Misbehaviour (§5.5): malformed frames, bad signatures, refusals and
//     oversize frames are counted per proven DID, or per remote address before
//     a DID is proven; a connection is dropped at once during the handshake and
//     at MaxMalformed malformed frames after it.
//   - Messages from a peer reach the Handler strictly in the order they
//     arrived, one at a time (05 §6.1). Sync adapts the handler to node/syncer.
//
// Choices (the node's own, documented in 04 §5.4–§5.5): one connection per
// (space, peer DID); a newer inbound one replaces an older (4009); when two
// nodes dial each other, the connection dialled by the lower DID is kept. A
// peer whose send queue overflows is closed (1013) rather than silently lose a
// sync message. Live messages are limited per peer (burst 60, 20/s, 04 §9.2)
// before the handler sees them.
package transport
