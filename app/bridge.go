package app

import (
	"crypto/subtle"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"strings"
)

// Bridge routes, under one versioned prefix.
const (
	apiPrefix   = "/api/v1/"
	eventsRoute = apiPrefix + "events" // GET: the event stream as SSE
	// Every other apiPrefix+<Method> is POST: a call of App.<Method>.

	// TokenHeader carries the per-run token on calls. The event stream,
	// which EventSource opens without headers, takes it as ?token=.
	TokenHeader = "X-Minca-Token"
)

// BridgeConfig is what NewBridge needs.
type BridgeConfig struct {
	API    any     // the bound struct, e.g. *App; its exported methods are callable
	Events *Events // the stream served at /api/v1/events
	Assets fs.FS   // the built frontend (frontend/dist)
	Token  string  // the per-run secret every API request must carry
}

// Bridge serves the UI and the App's methods to a browser on loopback:
// `minca ui`. It is the window's Wails binding over HTTP: POST
// /api/v1/<Method> with a JSON array of arguments answers {"result": …}
// or {"error": …}. Every request must name a loopback Host and carry no
// foreign Origin or Referer; API requests must carry the token, and calls
// must be Content-Type: application/json.
type Bridge struct {
	cfg     BridgeConfig
	methods methodSet
	static  http.Handler
}

// NewBridge returns the bridge for cfg.
func NewBridge(cfg BridgeConfig) (*Bridge, error) {
	if len(cfg.Token) < 16 {
		return nil, errors.New("bridge: token too short")
	}
	if cfg.API == nil || cfg.Events == nil || cfg.Assets == nil {
		return nil, errors.New("bridge: API, Events and Assets are required")
	}
	return &Bridge{
		cfg:     cfg,
		methods: methodsOf(cfg.API),
		static:  http.FileServerFS(cfg.Assets),
	}, nil
}

// ServeHTTP implements http.Handler.
func (b *Bridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !loopbackHost(r.Host) {
		writeError(w, http.StatusForbidden, "host must be a loopback address")
		return
	}
	if !sameOrigin(r) {
		writeError(w, http.StatusForbidden, "cross-origin request refused")
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	if !strings.HasPrefix(r.URL.Path, apiPrefix) {
		b.serveStatic(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Path == eventsRoute {
		if !b.tokenOK(r.URL.Query().Get("token")) {
			writeError(w, http.StatusForbidden, "bad or missing token")
			return
		}
		b.serveEvents(w, r)
		return
	}
	if !b.tokenOK(r.Header.Get(TokenHeader)) {
		writeError(w, http.StatusForbidden, "bad or missing token")
		return
	}
	b.serveCall(w, r, strings.TrimPrefix(r.URL.Path, apiPrefix))
}

func (b *Bridge) serveStatic(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, "only GET here")
		return
	}
	w.Header().Set("Content-Security-Policy",
		"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'")
	b.static.ServeHTTP(w, r)
}

func (b *Bridge) tokenOK(got string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(b.cfg.Token)) == 1
}

// loopbackHost reports whether a Host header names this machine by a
// loopback address or "localhost" (a DNS-rebinding page cannot).
func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether the request carries no Origin or Referer from
// another site. A browser sends Origin on our own page's POSTs, so an Origin
// equal to our own is allowed.
func sameOrigin(r *http.Request) bool {
	self := "http://" + r.Host
	if o := r.Header.Get("Origin"); o != "" && o != self {
		return false
	}
	if ref := r.Header.Get("Referer"); ref != "" && ref != self && !strings.HasPrefix(ref, self+"/") {
		return false
	}
	return r.Header.Get("Sec-Fetch-Site") != "cross-site"
}
