package invite

import (
	"fmt"
	"strings"

	"minca.dev/desktop/core/space"
)

// Choice (03 §10 names a keeper by { did, name } only, so a member learns
// no address from the record): a keeper is named by its node URL without
// the pin, "wss://host:port/peer", when that fits a name (80 characters).
// Every member's node then reaches the keepers from the space's history
// alone, the pin being the keeper's did; a keeper named otherwise is
// reached only through invitations naming it (§7.4: "those the space
// names"). To other implementations the name is a name like any other.

// KeeperNode is the node URL keeper k's name gives: its name pinned by its
// DID, when the name is a node URL without a fragment.
func KeeperNode(k space.Keeper) (Node, bool) {
	if strings.Contains(k.Name, "#") {
		return Node{}, false
	}
	n, err := parseNode(k.Name + "#" + k.DID)
	return n, err == nil
}

// KeeperNodes are the node URLs the keepers' names give, in their order,
// no URL twice.
func KeeperNodes(keepers []space.Keeper) []Node {
	var out []Node
	seen := map[string]bool{}
	for _, k := range keepers {
		if n, ok := KeeperNode(k); ok && !seen[n.URL] {
			seen[n.URL] = true
			out = append(out, n)
		}
	}
	return out
}

// KeeperFor names the node at a pinned node URL s as a keeper: its DID,
// and its URL without the pin as its name. A URL that is no node URL
// (04 §5.2), or too long to be a name (03 §10), is refused with ErrNodes.
func KeeperFor(s string) (space.Keeper, error) {
	n, err := parseNode(s)
	if err != nil {
		return space.Keeper{}, err
	}
	if space.JSLen(n.URL) > space.MaxKeeperName {
		return space.Keeper{}, fmt.Errorf("%w: %q is longer than %d characters without its pin, too long to name a keeper",
			ErrNodes, n.URL, space.MaxKeeperName)
	}
	return space.Keeper{DID: n.DID, Name: n.URL}, nil
}
