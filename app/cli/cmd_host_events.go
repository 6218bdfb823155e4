package cli

import (
	"encoding/json"
	"fmt"
	"sync"
)

// What `minca host --json` says happened, one JSON object a line.
const (
	hostEventRole         = "role"          // it owns the node now, or waits for the owner to exit
	hostEventSocket       = "socket"        // the local API socket other processes use
	hostEventListening    = "listening"     // the node URL peers dial
	hostEventNotListening = "not-listening" // it dials the others only
	hostEventStopped      = "stopped"       // it stopped, as asked
)

// hostEvent is one line of `minca host --json`: the event, what it is
// about, and the line printed for people without --json.
type hostEvent struct {
	Event  string `json:"event"`
	Role   string `json:"role,omitempty"`   // "owner" or "client", with "role"
	Socket string `json:"socket,omitempty"` // with "socket"
	URL    string `json:"url,omitempty"`    // with "listening"
	Text   string `json:"text"`
}

// hostOut prints a host's events as they happen: the text line, or with
// --json the event as one JSON object a line. The node's role can change
// on another goroutine while the host prints, so lines are never mixed.
type hostOut struct {
	env  Env
	json bool
	mu   sync.Mutex
}

func (h *hostOut) say(ev hostEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.json {
		fmt.Fprintln(h.env.Stdout, ev.Text)
		return
	}
	b, err := json.Marshal(ev)
	if err != nil { // a struct of strings always marshals
		return
	}
	h.env.Stdout.Write(append(b, '\n'))
}
