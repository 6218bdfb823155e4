package runtime

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
	"minca.dev/desktop/node/nodetls"
)

// listenPlan is where the node's sockets listen and what URL they go by.
type listenPlan struct {
	addr      string      // host:port to bind; "" = do not listen
	tls       *tls.Config // wss:// when set
	advertise string      // host[:port] others dial (not on loopback); "" = the bound one
	fixed     bool        // Config.Listen: no port kept, a failure is the node's
}

// errNoLANAddress says this computer has no address on a local network.
var errNoLANAddress = errors.New("this computer has no local network address (is it connected?)")

// planLocked is the listening the node's configuration and setting ask for:
// Config.Listen when given, else the setting's mode on its kept port (0:
// any free one). Beyond loopback the node serves wss:// with
// Config.ServerTLS, else with its own certificate (node/nodetls).
func (n *Node) planLocked() (listenPlan, error) {
	if l := n.cfg.Listen; l != "" {
		return n.fixedPlanLocked(l)
	}
	port := strconv.Itoa(n.st.Network.Port)
	switch n.modeLocked() {
	case api.NetworkThisComputer:
		return listenPlan{addr: net.JoinHostPort("127.0.0.1", port), tls: n.cfg.ServerTLS}, nil
	case api.NetworkLocal:
		return n.localPlanLocked(port)
	}
	return listenPlan{}, nil
}

// fixedPlanLocked is Config.Listen's plan: addr for this run.
func (n *Node) fixedPlanLocked(addr string) (listenPlan, error) {
	p := listenPlan{addr: addr, tls: n.cfg.ServerTLS, fixed: true}
	if isLoopback(addr) {
		return p, nil
	}
	p.advertise = n.cfg.Advertise
	var err error
	p.tls, err = n.serverTLSLocked()
	return p, err
}

// localPlanLocked is the local-network setting's plan: every interface on
// port, named by Config.Advertise or the computer's local address.
func (n *Node) localPlanLocked(port string) (listenPlan, error) {
	advertise := n.cfg.Advertise
	if advertise == "" {
		ip, err := lanAddress()
		if err != nil {
			return listenPlan{}, err
		}
		advertise = ip.String()
	}
	c, err := n.serverTLSLocked()
	if err != nil {
		return listenPlan{}, err
	}
	return listenPlan{addr: net.JoinHostPort("", port), tls: c, advertise: advertise}, nil
}

// serverTLSLocked is Config.ServerTLS, else a certificate of the node's
// wire key, pinned by its DID in the node URL (04 §5.6).
func (n *Node) serverTLSLocked() (*tls.Config, error) {
	if n.cfg.ServerTLS != nil {
		return n.cfg.ServerTLS, nil
	}
	return nodetls.ServerConfig(n.wire)
}

// netConfigLocked is node/netsync's configuration for plan.
func (n *Node) netConfigLocked(p listenPlan) netsync.Config {
	c := netsync.Config{Key: n.wire, Listen: p.addr, ServerTLS: p.tls, ClientTLS: n.cfg.ClientTLS,
		Advertise: p.advertise, Tick: netTick, Rand: n.cfg.Rand, Now: n.cfg.Now}
	if c.Listen == "" {
		c.ServerTLS = nil
	}
	return c
}

// boundPort is the port m listens on, 0 when it does not.
func boundPort(m *netsync.Manager) int {
	_, port, err := net.SplitHostPort(m.Addr())
	if err != nil {
		return 0
	}
	p, _ := strconv.Atoi(port)
	return p
}

// anyPort is addr on port 0: any free port.
func anyPort(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return net.JoinHostPort(host, "0")
}

func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return host == "localhost" || (ip != nil && ip.IsLoopback())
}

// lanAddress is this computer's address on its local network: the first
// private IPv4 address of an interface that is up, else its first global
// unicast address (IPv4 before IPv6).
func lanAddress() (net.IP, error) {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil, fmt.Errorf("network interfaces: %w", err)
	}
	var best net.IP
	rank := 0
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			if r := addressRank(ipn.IP); r > rank {
				best, rank = ipn.IP, r
			}
		}
	}
	if best == nil {
		return nil, errNoLANAddress
	}
	return best, nil
}

// addressRank orders addresses for lanAddress: 0 = not usable.
func addressRank(ip net.IP) int {
	switch {
	case !ip.IsGlobalUnicast():
		return 0
	case ip.To4() != nil && ip.IsPrivate():
		return 4
	case ip.To4() != nil:
		return 3
	case ip.IsPrivate():
		return 2
	}
	return 1
}
