package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"minca.dev/desktop/node/api"
)

// runSyncStatus prints the sync state of every space and peer.
func runSyncStatus(env Env, c command, args []string) error {
	return runShow(env, c, args, api.Node.SyncStatus, printSync)
}

func printSync(w io.Writer, s api.SyncStatus) {
	state := "running"
	if s.Paused {
		state = "paused"
	}
	listen := "not listening for peers"
	if s.Listen != "" {
		listen = "listening on " + s.Listen
	}
	fmt.Fprintf(w, "Sync %s, %s.\n\n", state, listen)
	var rows [][]string
	for _, sp := range s.Spaces {
		rows = append(rows, []string{sp.SpaceID, sp.State, strconv.Itoa(sp.Versions), strconv.Itoa(sp.ToFetch)})
	}
	table(w, "SPACE\tSTATE\tVERSIONS\tTO FETCH", rows)
	if len(s.Peers) > 0 {
		fmt.Fprintln(w)
		printPeers(w, s.Peers)
	}
}

func printPeers(w io.Writer, peers []api.PeerStatus) {
	var rows [][]string
	for _, p := range peers {
		rows = append(rows, []string{p.DID, p.URL, p.State, list(p.Spaces), strconv.Itoa(p.Dropped)})
	}
	table(w, "PEER\tURL\tSTATE\tSPACES\tDROPPED", rows)
}

// runSyncNow syncs one space, or every space, now.
func runSyncNow(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 0, 1)
	if err != nil {
		return err
	}
	space := ""
	if len(pos) == 1 {
		space = pos[0]
		if err := checkSpace(space); err != nil {
			return err
		}
	}
	return withRunningNode(env, func(ctx context.Context, n api.Node) error {
		if err := n.SyncNow(ctx, space); err != nil {
			return err
		}
		return o.done(env, "Sync started")
	})
}

// runSyncPause pauses sync; the node keeps that across restarts.
func runSyncPause(env Env, c command, args []string) error {
	return syncToggle(env, c, args, "Sync paused. It stays paused, across restarts, until `minca sync resume`.", api.Node.PauseSync)
}

// runSyncResume resumes sync, and the node keeps that.
func runSyncResume(env Env, c command, args []string) error {
	return syncToggle(env, c, args, "Sync resumed", api.Node.ResumeSync)
}

func syncToggle(env Env, c command, args []string, msg string, f func(api.Node, context.Context) error) error {
	o, _, err := outputArgs(env, c, args, 0, 0)
	if err != nil {
		return err
	}
	return do(env, o, msg, f) // kept in the node's state
}
