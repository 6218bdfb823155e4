package api

// MaxKeepers is the most keepers a space names (03 §10, checkKeepers).
const MaxKeepers = 16

// MaxKeeperName is the longest name a keeper has (03 §10). The desktop
// node names a keeper by its node URL without the pin, so a keeper's
// address fits in it only up to this length.
const MaxKeeperName = 80

// Keeper is one of the nodes a space names as its keepers (sys.keepers,
// 03 §10): always-on nodes that hold every record of the space, so its
// members sync through them while the others' computers are off.
type Keeper struct {
	DID  string `json:"did"`  // the node's key on the wire (a did:key), as peers see it
	Name string `json:"name"` // the name the space gives it (at most 80 characters)
	// URL is the node URL members dial (04 §5.2, pinned by DID): the name
	// and the pin, when the name is a node URL without its pin (the
	// desktop node's choice, 06 §1.8); "" for a keeper named otherwise,
	// which members reach only through invitations naming it.
	URL string `json:"url,omitempty"`
	// This says the keeper is this node.
	This bool `json:"this,omitempty"`
}

// SetKeepers replaces the keepers a space names (03 §10). Each entry of
// Keepers is a node URL pinned by its DID (what `minca host` prints as
// "Accepting peers at …"), or the DID of a keeper the space names already,
// which stays as it is named. An empty list names no keeper.
type SetKeepers struct {
	SpaceID string   `json:"spaceId"`
	Keepers []string `json:"keepers"`
}
