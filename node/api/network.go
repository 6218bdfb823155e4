package api

// Network modes: who may open a connection to this node (04 §5.3). A new
// profile starts with NetworkOff.
const (
	// NetworkOff: the node dials the nodes its spaces name and accepts no
	// connection; invites it makes name no node.
	NetworkOff = "off"
	// NetworkThisComputer: it accepts connections from this computer only
	// (loopback, ws://), e.g. another account's app on the same machine.
	NetworkThisComputer = "this-computer"
	// NetworkLocal: it accepts connections from the local network (every
	// interface, wss:// with the node's own certificate).
	NetworkLocal = "local-network"
)

// ValidNetworkMode says whether mode is one of the network modes.
func ValidNetworkMode(mode string) bool {
	return mode == NetworkOff || mode == NetworkThisComputer || mode == NetworkLocal
}

// Network is whether and where the node accepts connections from other
// nodes: the setting, and what is in force now.
type Network struct {
	Mode string `json:"mode"` // the setting: NetworkOff, NetworkThisComputer, NetworkLocal
	// URL is the node URL others dial (04 §5.2), what the invites this node
	// makes carry; "" while it accepts no connection.
	URL string `json:"url,omitempty"`
	// Port is the port kept for the setting across restarts, so the links
	// in older invites keep working; 0 until one is chosen.
	Port int `json:"port,omitempty"`
	// Fixed is the address given for this run only (`minca host --listen`),
	// which wins over the setting until the process exits.
	Fixed string `json:"fixed,omitempty"`
	// Note says something the person should know that is not a failure,
	// e.g. that the kept port was taken and another one is used now.
	Note string `json:"note,omitempty"`
	// Error says why the node does not accept connections as the setting
	// asks (the port is taken, no local network address…).
	Error string `json:"error,omitempty"`
}

// SetNetwork changes the network setting; it applies at once.
type SetNetwork struct {
	Mode string `json:"mode"`
}
