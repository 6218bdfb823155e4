package localapi

import (
	"context"
	"io"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// FuzzReadEvents feeds the client's stream reader arbitrary bytes from the
// socket: it must end cleanly, never panic, and give only events whose data
// has the Go type of their kind.
func FuzzReadEvents(f *testing.F) {
	for _, seed := range []string{
		`{"kind":"status","data":{"version":"1","owner":true}}` + "\n",
		`{"kind":"spaces","data":[{"id":"b1","name":"x","roles":["admin"]}]}` + "\n" + `{"kind":"sync","data":{"paused":true}}` + "\n",
		`{"kind":"space","spaceId":"b1","data":{"id":"b1"}}` + "\n",
		`{"kind":"status","data":[1,2]}` + "\n",
		`{"kind":"future","data":{"a":[1,"b",null]}}` + "\n",
		"not json\n",
		`{"kind":"account"`,
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out := make(chan api.Event)
		go readEvents(context.Background(), io.NopCloser(strings.NewReader(string(b))), out)
		for ev := range out {
			if ev.Data == nil {
				continue
			}
			switch ev.Kind {
			case "status":
				if _, ok := ev.Data.(api.Status); !ok {
					t.Fatalf("status data %T", ev.Data)
				}
			case "spaces":
				if _, ok := ev.Data.([]api.SpaceSummary); !ok {
					t.Fatalf("spaces data %T", ev.Data)
				}
			}
		}
	})
}
