package app

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

const testToken = "0123456789abcdef0123456789abcdef"

// calc is a bound API with every shape of method the bridge supports.
type calc struct{}

func (calc) Add(a, b int) (int, error)            { return a + b, nil }
func (calc) Fail() error                          { return errors.New("it failed") }
func (calc) Greet(p struct{ Name string }) string { return "hi " + p.Name }
func (calc) Nothing()                             {}
func (calc) Many(xs ...int) int                   { return len(xs) }
func (calc) Pair() (int, int)                     { return 1, 2 }

func newTestBridge(t *testing.T, api any) *Bridge {
	t.Helper()
	b, err := NewBridge(BridgeConfig{
		API:    api,
		Events: NewEvents(func() []Event { return []Event{{Name: "hello", Data: map[string]int{"n": 1}}} }),
		Assets: fstest.MapFS{"index.html": {Data: []byte("<h1>Minca</h1>")}},
		Token:  testToken,
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type req struct {
	method, path, body string
	header             map[string]string
}

func (r req) do(t *testing.T, h http.Handler) (int, map[string]any) {
	t.Helper()
	hr := httptest.NewRequest(r.method, "http://127.0.0.1:8123"+r.path, strings.NewReader(r.body))
	hr.Host = "127.0.0.1:8123"
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set(TokenHeader, testToken)
	for k, v := range r.header {
		if v == "" {
			hr.Header.Del(k)
		} else {
			hr.Header.Set(k, v)
		}
	}
	if h, ok := r.header["Host"]; ok {
		hr.Host = h
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, hr)
	var out map[string]any
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: body not JSON: %q", r.method, r.path, rec.Body)
		}
	}
	return rec.Code, out
}

func TestBridgeCalls(t *testing.T) {
	b := newTestBridge(t, calc{})
	tests := []struct {
		name string
		req  req
		code int
		want string // "result" or "error" value, as JSON
	}{
		{"add", req{"POST", "/api/v1/Add", "[2, 3]", nil}, 200, `{"result":5}`},
		{"struct argument", req{"POST", "/api/v1/Greet", `[{"Name":"Ana"}]`, nil}, 200, `{"result":"hi Ana"}`},
		{"no result", req{"POST", "/api/v1/Nothing", "[]", nil}, 200, `{"result":null}`},
		{"method error", req{"POST", "/api/v1/Fail", "[]", nil}, 500, `{"error":"it failed"}`},
		{"too few arguments", req{"POST", "/api/v1/Add", "[1]", nil}, 400, `{"error":"Add: want 2 arguments, got 1"}`},
		{"wrong type", req{"POST", "/api/v1/Add", `["1", 2]`, nil}, 400, ""},
		{"not an array", req{"POST", "/api/v1/Add", `{"a":1}`, nil}, 400, ""},
		{"null", req{"POST", "/api/v1/Add", `null`, nil}, 400, ""},
		{"trailing data", req{"POST", "/api/v1/Add", `[1,2] [3]`, nil}, 400, ""},
		{"variadic not bound", req{"POST", "/api/v1/Many", `[1]`, nil}, 400, ""},
		{"two results not bound", req{"POST", "/api/v1/Pair", `[]`, nil}, 404, ""},
		{"unknown method", req{"POST", "/api/v1/Nope", "[]", nil}, 404, `{"error":"no method \"Nope\""}`},
		{"unexported method", req{"POST", "/api/v1/add", "[1,2]", nil}, 404, ""},
		{"GET a method", req{"GET", "/api/v1/Add", "", nil}, 405, ""},
		{"no token", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{TokenHeader: ""}}, 403, ""},
		{"wrong token", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{TokenHeader: testToken[1:] + "x"}}, 403, ""},
		{"form content", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Content-Type": "text/plain"}}, 415, ""},
		{"json with charset", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Content-Type": "application/json; charset=utf-8"}}, 200, `{"result":3}`},
		{"own origin", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Origin": "http://127.0.0.1:8123"}}, 200, `{"result":3}`},
		{"foreign origin", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Origin": "http://evil.example"}}, 403, ""},
		{"other port origin", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Origin": "http://127.0.0.1:9999"}}, 403, ""},
		{"foreign referer", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Referer": "http://evil.example/x"}}, 403, ""},
		{"cross-site fetch", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Sec-Fetch-Site": "cross-site"}}, 403, ""},
		{"rebound host", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Host": "evil.example:8123"}}, 403, ""},
		{"localhost host", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Host": "localhost:8123", "Origin": "http://localhost:8123"}}, 200, `{"result":3}`},
		{"ipv6 loopback host", req{"POST", "/api/v1/Add", "[1,2]", map[string]string{"Host": "[::1]:8123"}}, 200, `{"result":3}`},
		{"too large", req{"POST", "/api/v1/Add", "[" + strings.Repeat(" ", maxCallBody) + "1,2]", nil}, 413, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := tt.req.do(t, b)
			if code != tt.code {
				t.Fatalf("code %d, want %d (%v)", code, tt.code, out)
			}
			if code != 200 && out["error"] == nil {
				t.Fatalf("refusal without an error message: %v", out)
			}
			if tt.want != "" {
				got, _ := json.Marshal(out)
				if string(got) != tt.want {
					t.Fatalf("body %s, want %s", got, tt.want)
				}
			}
		})
	}
}

func TestBridgeStatic(t *testing.T) {
	b := newTestBridge(t, calc{})
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "http://127.0.0.1:1/", nil)
	b.ServeHTTP(rec, r)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Minca") {
		t.Fatalf("GET / = %d %q", rec.Code, rec.Body)
	}
	if rec.Header().Get("Content-Security-Policy") == "" {
		t.Error("no Content-Security-Policy on the page")
	}
	// The page itself needs no token, but a rebound host gets nothing.
	r = httptest.NewRequest("GET", "http://evil.example/", nil)
	rec = httptest.NewRecorder()
	b.ServeHTTP(rec, r)
	if rec.Code != 403 {
		t.Fatalf("GET / with a foreign host = %d", rec.Code)
	}
}

func TestBridgeAppStatus(t *testing.T) {
	a, _ := newTestApp(t)
	b := newTestBridge(t, a)
	code, out := req{"POST", "/api/v1/Status", "[]", nil}.do(t, b)
	if code != 200 {
		t.Fatalf("code %d %v", code, out)
	}
	want, _ := a.Status()
	res := out["result"].(map[string]any)
	if res["storePath"] != want.StorePath || res["version"] != want.Version || res["line"] != want.Line {
		t.Fatalf("result %v, want %+v", res, want)
	}
}

func TestBridgeEventsSSE(t *testing.T) {
	srv := httptest.NewServer(newTestBridge(t, calc{}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/v1/events?token=wrong")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Fatalf("events with a wrong token: %d", resp.StatusCode)
	}
	resp, err = http.Get(srv.URL + "/api/v1/events?token=" + testToken)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := bufio.NewReader(resp.Body)
	var lines []string
	for len(lines) < 2 {
		line, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		lines = append(lines, strings.TrimSpace(line))
	}
	if lines[0] != "event: hello" || lines[1] != `data: {"n":1}` {
		t.Fatalf("stream began %q", lines)
	}
}

func TestNewBridgeRefusesShortToken(t *testing.T) {
	_, err := NewBridge(BridgeConfig{API: calc{}, Events: NewEvents(nil), Assets: fstest.MapFS{}, Token: "short"})
	if err == nil {
		t.Fatal("accepted a short token")
	}
}

// An App method's node error crosses the bridge as {"error": {code,
// message, hint}}, which frontend/src/lib/host.ts turns into an ApiError.
func TestBridgeNodeErrors(t *testing.T) {
	a, _ := newTestApp(t)
	b := newTestBridge(t, a)
	code, out := req{method: "POST", path: "/api/v1/Account", body: "[]"}.do(t, b)
	e, _ := out["error"].(map[string]any)
	if code != 422 || e["code"] != "no_account" || e["message"] == "" || e["hint"] == "" {
		t.Fatalf("HTTP %d %v", code, out)
	}
	code, out = req{method: "POST", path: "/api/v1/CreateSpace", body: `[{"name":"x","template":"team"}]`}.do(t, b)
	if e, _ := out["error"].(map[string]any); code != 422 || e["code"] != "no_account" {
		t.Fatalf("CreateSpace without account: HTTP %d %v", code, out)
	}
}
