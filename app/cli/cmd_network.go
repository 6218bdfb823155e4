package cli

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/node/api"
)

// networkWords say what each network mode means, for people.
var networkWords = map[string]string{
	api.NetworkOff:          "off: no other computer can connect; invites name no node",
	api.NetworkThisComputer: "this computer: other Minca apps on this computer can connect",
	api.NetworkLocal:        "local network: computers on your local network can connect (wss://)",
}

// runNetworkShow prints whether other nodes may connect to this one.
func runNetworkShow(env Env, c command, args []string) error {
	return runShow(env, c, args, api.Node.Network, printNetwork)
}

func printNetwork(w io.Writer, nw api.Network) {
	fmt.Fprintf(w, "Let others connect: %s\n", networkWords[nw.Mode])
	switch {
	case nw.Fixed != "":
		fmt.Fprintf(w, "  for this run      %s (minca host --listen)\n", nw.Fixed)
	case nw.Port != 0:
		fmt.Fprintf(w, "  port kept         %d\n", nw.Port)
	}
	if nw.URL != "" {
		fmt.Fprintf(w, "  node URL          %s (what invites carry)\n", nw.URL)
	}
	if nw.Note != "" {
		fmt.Fprintf(w, "  note              %s\n", nw.Note)
	}
	if nw.Error != "" {
		fmt.Fprintf(w, "  error             %s\n", nw.Error)
	}
}

// runNetworkSet changes the network setting; it applies at once in the
// process that owns the node, and is kept for later runs.
func runNetworkSet(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 1, 1)
	if err != nil {
		return err
	}
	if !api.ValidNetworkMode(pos[0]) {
		return usageErr("network mode %q: use off, this-computer or local-network", pos[0])
	}
	set := func(n api.Node, ctx context.Context) (api.Network, error) {
		return n.SetNetwork(ctx, api.SetNetwork{Mode: pos[0]})
	}
	return show(env, o, set, printNetwork)
}
