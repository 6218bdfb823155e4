package localapi

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"minca.dev/desktop/node/api"
)

// watchPath streams api.Events as newline-delimited JSON: the node's
// snapshot first, then deltas, until either side hangs up.
const watchPath = "watch"

// maxEventLine bounds one event on the stream (a space list can be long).
const maxEventLine = 16 << 20

func (s *Server) serveWatch(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, api.Errorf(api.CodeInternal, "local API: streaming unsupported"))
		return
	}
	events, err := s.node.Watch(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	enc := json.NewEncoder(w)
	for {
		select {
		case <-r.Context().Done():
			return
		case ev, ok := <-events:
			if !ok {
				return
			}
			if err := enc.Encode(ev); err != nil {
				s.log.Debug("watch: event not sent", "kind", ev.Kind, "err", err)
				return
			}
			flusher.Flush()
		}
	}
}

// wireEvent is an Event as read: Data kept raw until its kind says its type.
type wireEvent struct {
	Kind    string          `json:"kind"`
	SpaceID string          `json:"spaceId,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// eventData gives the Go type of each event kind's data, so a watcher over
// the socket sees the values an in-process watcher sees.
var eventData = map[string]func(json.RawMessage) (any, error){
	"status":  decodeAs[api.Status],
	"account": decodeAs[api.Account],
	"spaces":  decodeAs[[]api.SpaceSummary],
	"space":   decodeAs[api.SpaceSummary],
	"joined":  decodeAs[api.SpaceSummary],
	"sync":    decodeAs[api.SyncStatus],
	"network": decodeAs[api.Network],
}

func decodeAs[T any](raw json.RawMessage) (any, error) {
	var v T
	err := json.Unmarshal(raw, &v)
	return v, err
}

// decodeEvent turns a wire event into an api.Event. A kind this client does
// not know keeps its data as generic JSON values.
func decodeEvent(we wireEvent) (api.Event, error) {
	ev := api.Event{Kind: we.Kind, SpaceID: we.SpaceID}
	if len(we.Data) == 0 || string(we.Data) == "null" {
		return ev, nil
	}
	decode, ok := eventData[we.Kind]
	if !ok {
		decode = decodeAs[any]
	}
	data, err := decode(we.Data)
	if err != nil {
		return ev, fmt.Errorf("watch: %s event: %w", we.Kind, err)
	}
	ev.Data = data
	return ev, nil
}

// readEvents sends the stream's events on out until it ends or ctx is done,
// then closes out and body.
func readEvents(ctx context.Context, body interface {
	Read([]byte) (int, error)
	Close() error
}, out chan<- api.Event) {
	defer close(out)
	defer body.Close()
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), maxEventLine)
	for sc.Scan() {
		var we wireEvent
		if err := json.Unmarshal(sc.Bytes(), &we); err != nil {
			return
		}
		ev, err := decodeEvent(we)
		if err != nil {
			return
		}
		select {
		case out <- ev:
		case <-ctx.Done():
			return
		}
	}
}
