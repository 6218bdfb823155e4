package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// keepAlive is how often an idle event stream sends a comment, so proxies
// and the browser see it is alive.
const keepAlive = 30 * time.Second

// serveEvents streams the app's events as server-sent events: each event's
// name is the SSE event name, its data the JSON of Event.Data.
func (b *Bridge) serveEvents(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		writeError(w, http.StatusMethodNotAllowed, "events are GET")
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	events, stop := b.cfg.Events.Subscribe()
	defer stop()
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
		case ev, ok := <-events:
			if !ok {
				return // fell behind: the client reconnects for a new snapshot
			}
			if err := writeSSE(w, ev); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}

func writeSSE(w http.ResponseWriter, ev Event) error {
	data, err := json.Marshal(ev.Data)
	if err != nil {
		return fmt.Errorf("event %s: %w", ev.Name, err)
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.Name, data)
	return err
}
