package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"

	"minca.dev/desktop/node/api"
)

// runSyncStatus prints the sync state of every space and peer, as the
// window's Sync page says it: spaces and computers by name, states in its
// words (api.SpaceWord, api.PeerWord, api.PeerName); --json prints the
// node's SyncStatus.
func runSyncStatus(env Env, c command, args []string) error {
	get := func(n api.Node, ctx context.Context) (syncShown, error) {
		st, err := n.SyncStatus(ctx)
		if err != nil {
			return syncShown{}, err
		}
		spaces, err := n.Spaces(ctx)
		return syncShown{st, spaces}, err
	}
	return runShow(env, c, args, get, printSync)
}

// syncShown is the sync status with the spaces it names.
type syncShown struct {
	api.SyncStatus
	spaces []api.SpaceSummary
}

// MarshalJSON is the node's answer as it is: --json prints SyncStatus.
func (v syncShown) MarshalJSON() ([]byte, error) { return json.Marshal(v.SyncStatus) }

func printSync(w io.Writer, v syncShown) {
	s := v.SyncStatus
	if s.Paused {
		fmt.Fprintln(w, "Sync is paused: changes you make stay on this computer until `minca sync resume`.")
	} else {
		fmt.Fprintln(w, "Sync is running.")
	}
	fmt.Fprintln(w, reachLine(s.Listen))
	fmt.Fprintln(w)
	if len(s.Spaces) == 0 {
		fmt.Fprintln(w, "No spaces yet.")
	} else {
		byID := spacesByID(v.spaces)
		var rows [][]string
		for _, sp := range s.Spaces {
			sum, ok := byID[sp.SpaceID]
			if !ok {
				sum = api.SpaceSummary{ID: sp.SpaceID}
			}
			sum.Sync = sp.State
			rows = append(rows, []string{spaceName(sum), api.SpaceWord(sum), strconv.Itoa(sp.ToFetch), strconv.Itoa(sp.Versions), sp.SpaceID})
		}
		table(w, "SPACE\tSTATE\tTO FETCH\tCHANGES HELD\tID", rows)
	}
	fmt.Fprintln(w)
	if len(s.Peers) == 0 {
		fmt.Fprintln(w, "Not connected to any other computer right now.")
		return
	}
	fmt.Fprintln(w, "Other computers:")
	printPeers(w, s.Peers, v.spaces)
}

// reachLine says who can reach this computer, and at which address.
func reachLine(listen string) string {
	if listen == "" {
		return "No other computer can connect to this one (`minca network set` lets them)."
	}
	if isLoopback(listen) {
		return "Other Minca accounts on this computer can reach this one at " + listen + "."
	}
	return "Other computers on your network can reach this one at " + listen + "."
}

// isLoopback says whether a node URL's host is this computer only.
func isLoopback(nodeURL string) bool {
	u, err := url.Parse(nodeURL)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func spacesByID(spaces []api.SpaceSummary) map[string]api.SpaceSummary {
	m := make(map[string]api.SpaceSummary, len(spaces))
	for _, s := range spaces {
		m[s.ID] = s
	}
	return m
}

// printPeers lists the computers a node syncs with, as the window does:
// who each is (api.PeerName), its state in words, the spaces by name, and
// its address (or shortened key) as detail.
func printPeers(w io.Writer, peers []api.PeerStatus, spaces []api.SpaceSummary) {
	byID := spacesByID(spaces)
	var rows [][]string
	for _, p := range peers {
		var names []string
		for _, id := range p.Spaces {
			names = append(names, spaceName(orID(byID, id)))
		}
		state := api.PeerWord(p.State)
		if p.Dropped > 0 {
			state += fmt.Sprintf(" (%d bad messages dropped)", p.Dropped)
		}
		if p.Refused > 0 {
			state += fmt.Sprintf(" (not let in %s)", times(p.Refused))
		}
		rows = append(rows, []string{"  " + api.PeerName(p), state, list(names), orElse(p.URL, api.ShortDID(p.DID))})
	}
	table(w, "  COMPUTER\tSTATE\tSPACES\tADDRESS", rows)
}

// orID is the space of that id in byID, or one known only by its id.
func orID(byID map[string]api.SpaceSummary, id string) api.SpaceSummary {
	if s, ok := byID[id]; ok {
		return s
	}
	return api.SpaceSummary{ID: id}
}

// runSyncNow syncs one space, or every space, now.
func runSyncNow(env Env, c command, args []string) error {
	o, pos, err := outputArgs(env, c, args, 0, 1)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		if err := checkSpace(pos[0]); err != nil {
			return err
		}
	}
	return withRunningNode(env, func(ctx context.Context, n api.Node) error {
		space, msg := "", "Syncing every space now."
		if len(pos) == 1 {
			s, err := resolveSpace(ctx, n, pos[0])
			if err != nil {
				return err
			}
			space, msg = s.ID, "Syncing "+spaceName(s)+" now."
		}
		if err := n.SyncNow(ctx, space); err != nil {
			return err
		}
		return o.done(env, msg)
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

// times says how often, as the Sync page does: "once", "3 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}
