package instance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"testing"
)

// FuzzAnswer: whatever a later launch writes on the instance socket
// (bytes from outside this process), the running instance answers one
// JSON line, and hands on only a link ParseLink takes.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"kind":"link","link":"minca:` + shortExample + `"}`,
		`{"v":1,"kind":"activate"}`,
		`{"v":2,"kind":"link","link":"x"}`,
		`{"v":1,"kind":"link","link":"minca:#invite=AAAA"}`,
		`{"v":1`,
		``,
	} {
		f.Add([]byte(s + "\n"))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		links := make(chan string, 1)
		in := &Instance{cfg: Config{
			Log:    slog.New(slog.NewTextHandler(io.Discard, nil)),
			OnLink: func(s string) { links <- s },
		}}
		server, client := net.Pipe()
		done := make(chan struct{})
		go func() { in.answer(server); close(done) }()
		go func() { client.Write(msg); client.Write([]byte("\n")) }()
		line, err := bufio.NewReader(client).ReadBytes('\n')
		client.Close()
		<-done
		if err != nil {
			t.Fatalf("no reply line: %v", err)
		}
		var rep reply
		if err := json.Unmarshal(bytes.TrimSpace(line), &rep); err != nil || rep.OK == (rep.Error != "") {
			t.Fatalf("reply %q: want ok or an error", line)
		}
		if rep.OK {
			var req request
			if json.Unmarshal(bytes.TrimRight(msg, "\n"), &req) == nil && req.Kind == kindLink {
				l, err := ParseLink(req.Link)
				if err != nil {
					t.Fatalf("handed on a link ParseLink refuses: %v", err)
				}
				if got := <-links; got != l.Pasted() {
					t.Fatalf("handed on %q, want %q", got, l.Pasted())
				}
			}
		}
	})
}
