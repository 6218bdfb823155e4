package localapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"minca.dev/desktop/node/api"
)

// maxBody bounds a request or error body.
const maxBody = 1 << 20

// Server serves one node's API. Build it with NewServer.
type Server struct {
	node  api.Node
	log   *slog.Logger
	table map[string]route // by method+" "+path
}

// ServerConfig is what NewServer needs.
type ServerConfig struct {
	Node api.Node     // the node served; required
	Log  *slog.Logger // failed calls at debug level; nil for none
}

// NewServer returns the server of cfg.Node.
func NewServer(cfg ServerConfig) (*Server, error) {
	if cfg.Node == nil {
		return nil, errors.New("localapi: no node to serve")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	s := &Server{node: cfg.Node, log: cfg.Log, table: map[string]route{}}
	for _, r := range routes {
		s.table[r.method+" "+r.path] = r
	}
	return s, nil
}

// ServeHTTP implements http.Handler: the checks every request passes, then
// the route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := checkRequest(r); err != nil {
		writeError(w, err)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, Prefix)
	if !ok {
		writeError(w, api.Errorf(api.CodeNotFound, "no route %s (routes are under %s)", r.URL.Path, Prefix))
		return
	}
	rt, ok := s.table[r.Method+" "+path]
	if !ok {
		writeError(w, s.noRoute(r.Method, path))
		return
	}
	if path == watchPath {
		s.serveWatch(w, r)
		return
	}
	in, err := readInput(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	out, err := rt.serve(r.Context(), s.node, in)
	if err != nil {
		s.log.Debug("local API call failed", "route", path, "err", err)
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// checkRequest refuses what no local client sends: another Host, and any
// sign of a browser (Origin, Referer, Sec-Fetch-Site).
func checkRequest(r *http.Request) error {
	if r.Host != Host {
		return api.Errorf(api.CodeForbidden, "local API: host %q refused", r.Host)
	}
	for _, h := range []string{"Origin", "Referer", "Sec-Fetch-Site"} {
		if r.Header.Get(h) != "" {
			return api.Errorf(api.CodeForbidden, "local API: requests from web pages are refused (%s header)", h)
		}
	}
	return nil
}

func (s *Server) noRoute(method, path string) error {
	for _, m := range []string{"GET", "POST"} {
		if _, ok := s.table[m+" "+path]; ok {
			return api.Errorf(api.CodeInvalid, "local API: %s %s: use %s", method, path, m)
		}
	}
	return api.Errorf(api.CodeNotFound, "local API: no route %s %s", method, path)
}

// input is a request's arguments: a GET's query or a POST's JSON body.
type input struct{ body []byte }

func readInput(w http.ResponseWriter, r *http.Request) (*input, error) {
	if r.Method == http.MethodGet {
		q := map[string]string{}
		for k, v := range r.URL.Query() {
			q[k] = v[0]
		}
		body, _ := json.Marshal(q)
		return &input{body: body}, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, api.Errorf(api.CodeInvalid, "local API: read body: %v", err)
	}
	return &input{body: body}, nil
}

// decode reads the arguments into v; an empty body leaves v zero.
func (in *input) decode(v any) error {
	if len(bytes.TrimSpace(in.body)) == 0 {
		return nil
	}
	if err := json.Unmarshal(in.body, v); err != nil {
		return api.Errorf(api.CodeInvalid, "local API: arguments: %v", err)
	}
	return nil
}

// Serve serves the API on ln until ctx is done, then stops (ending open
// watch streams) and returns nil; or returns the listener's error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("local API: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
	}
	<-errc
	return nil
}
