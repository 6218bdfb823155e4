// Package nodetls is wss:// for node sockets without a certificate
// authority (04 — Network §5.4, "wss:// without a CA (our choice)";
// docs/spec/04-network.md).
//
// A node URL is pinned by the DID in its fragment (04 §5.2): the DID names
// the node's wire key, a P-256 key. So a node needs no certificate a CA
// signed: it serves a self-signed certificate whose public key IS its wire
// key (ServerConfig), and a dialler accepts the TLS certificate when its
// leaf key is the key the pinned DID names (VerifyPinned). TLS 1.3 makes
// the server sign the handshake with that key, so a pinned certificate is
// a proof that the far end holds the node's key, checked before any HTTP
// crosses. The handshake of 04 §5.2 still checks the DID and its
// signatures as before.
//
// A node behind a TLS proxy with a certificate from a CA serves a leaf
// whose key is not the DID's: ClientConfig falls back to ordinary
// verification (the given roots, else the system's, and the host name).
// Anything else is refused.
package nodetls
