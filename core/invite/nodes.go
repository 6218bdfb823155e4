package invite

import (
	"errors"
	"fmt"
	"strings"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
)

// MaxNodes is the most node URLs an invitation names (03 §7.4).
const MaxNodes = 8

// ErrNodes is wrapped by every error about a nodes list; such a list is
// ignored whole by a joiner, never a refusal of the invite (§7.4).
var ErrNodes = errors.New("bad nodes list")

// Node is a node URL pinned by a DID (§7.4, 04 §5.2): a socket to URL
// reaches only the node holding DID; anything else answering there is
// refused at the handshake.
type Node struct {
	URL string // without the fragment
	DID string // the pin
}

// String is the node URL as an invitation writes it: URL#DID.
func (n Node) String() string { return n.URL + "#" + n.DID }

// ParseNodes reads an invitation's nodes (§7.4): at most 8 node URLs,
// each pinned by a DID in its fragment, no URL twice.
// Choice (04 §5.2 is missing): a node URL is wss://…, or ws:// on
// localhost, 127.0.0.1 or [::1], as checkRelays reads relay URLs but with
// no <kind>+ prefix; its fragment is exactly a P-256 did:key; "no URL
// twice" compares URLs without their fragments, so no URL has two pins.
func ParseNodes(list []string) ([]Node, error) {
	if len(list) > MaxNodes {
		return nil, fmt.Errorf("%w: %d nodes, at most %d", ErrNodes, len(list), MaxNodes)
	}
	out := make([]Node, 0, len(list))
	seen := map[string]bool{}
	for _, s := range list {
		n, err := parseNode(s)
		if err != nil {
			return nil, err
		}
		if seen[n.URL] {
			return nil, fmt.Errorf("%w: %q named twice", ErrNodes, n.URL)
		}
		seen[n.URL] = true
		out = append(out, n)
	}
	return out, nil
}

func parseNode(s string) (Node, error) {
	u, did, ok := strings.Cut(s, "#")
	if !ok || !identity.IsDID(did) {
		return Node{}, fmt.Errorf("%w: %q is not pinned by a did:key in its fragment", ErrNodes, s)
	}
	if !(strings.HasPrefix(u, "wss://") || strings.HasPrefix(u, "ws://")) || !space.IsRelay(u) {
		return Node{}, fmt.Errorf("%w: %q is not a wss:// node URL (ws:// only on this machine)", ErrNodes, u)
	}
	return Node{URL: u, DID: did}, nil
}

// Dialable is the invite's nodes a joiner dials (§7.4): all of them, until
// the space's history names keepers (§10); then only those whose DID is a
// keeper's. A joiner keeps them with the space, apart from its own, and
// MUST NOT name them in invites of its own: they are the inviter's word.
func Dialable(nodes []Node, keepers []space.Keeper) []Node {
	if len(keepers) == 0 {
		return nodes
	}
	keep := map[string]bool{}
	for _, k := range keepers {
		keep[k.DID] = true
	}
	var out []Node
	for _, n := range nodes {
		if keep[n.DID] {
			out = append(out, n)
		}
	}
	return out
}
