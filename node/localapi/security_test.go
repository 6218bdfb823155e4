package localapi_test

import (
	"bytes"
	"context"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/localapi"
	"minca.dev/desktop/node/paths"
)

type recorder struct {
	code   int
	header http.Header
	body   bytes.Buffer
}

func newRecorder() *recorder                    { return &recorder{header: http.Header{}} }
func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(code int)        { r.code = code }
func (r *recorder) Flush()                      {}

func methodCount() int { return reflect.TypeFor[api.Node]().NumMethod() }

// No web page can reach the API: a foreign Host (DNS rebinding), an Origin,
// a Referer or a Sec-Fetch-Site header is refused with a JSON error.
func TestRequestsFromWebPagesRefused(t *testing.T) {
	srv, err := localapi.NewServer(localapi.ServerConfig{Node: openNode(t)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		host   string
		header map[string]string
		code   int
	}{
		{"fixed host", localapi.Host, nil, 200},
		{"localhost", "localhost", nil, 403},
		{"loopback with port", "127.0.0.1:8080", nil, 403},
		{"rebound name", "evil.example", nil, 403},
		{"empty host", "", nil, 403},
		{"origin", localapi.Host, map[string]string{"Origin": "https://evil.example"}, 403},
		{"null origin", localapi.Host, map[string]string{"Origin": "null"}, 403},
		{"referer", localapi.Host, map[string]string{"Referer": "https://evil.example/page"}, 403},
		{"fetch metadata", localapi.Host, map[string]string{"Sec-Fetch-Site": "same-origin"}, 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := get(t, srv, tt.host, tt.header)
			if code != tt.code {
				t.Fatalf("HTTP %d, want %d: %s", code, tt.code, body)
			}
			if tt.code == 403 && !strings.Contains(body, `"code":"forbidden"`) {
				t.Fatalf("refusal is not a JSON api error: %s", body)
			}
		})
	}
}

// A refused call changes nothing: a page's POST creates no account.
func TestRefusedCallChangesNothing(t *testing.T) {
	n := openNode(t)
	srv, _ := localapi.NewServer(localapi.ServerConfig{Node: n})
	body := `{"profileName":"Mallory","passphrase":"a long passphrase here"}`
	req, _ := http.NewRequest("POST", "http://"+localapi.Host+localapi.Prefix+"account/create", strings.NewReader(body))
	req.Header.Set("Origin", "https://evil.example")
	rec := newRecorder()
	srv.ServeHTTP(rec, req)
	if rec.code != 403 {
		t.Fatalf("HTTP %d: %s", rec.code, rec.body.String())
	}
	if _, err := n.Account(context.Background()); api.CodeOf(err) != api.CodeNoAccount {
		t.Fatalf("account after a refused create: %v", err)
	}
}

func TestRoutesOutsideTheTable(t *testing.T) {
	srv, _ := localapi.NewServer(localapi.ServerConfig{Node: openNode(t)})
	for _, tt := range []struct{ method, path, code string }{
		{"GET", "/status", "not_found"},
		{"GET", "/localapi/v2/status", "not_found"},
		{"GET", localapi.Prefix + "nope", "not_found"},
		{"POST", localapi.Prefix + "status", "invalid"},
		{"GET", localapi.Prefix + "sync/pause", "invalid"},
	} {
		req, _ := http.NewRequest(tt.method, "http://"+localapi.Host+tt.path, nil)
		rec := newRecorder()
		srv.ServeHTTP(rec, req)
		if !strings.Contains(rec.body.String(), `"code":"`+tt.code+`"`) {
			t.Errorf("%s %s: %d %s", tt.method, tt.path, rec.code, rec.body.String())
		}
	}
}

func TestSocketMode(t *testing.T) {
	dir := filepath.Join(socketDir(t), "minca")
	path := filepath.Join(dir, "p.sock")
	ln, err := localapi.Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Type() != fs.ModeSocket || info.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode %v, want a socket of 0600", info.Mode())
	}
	dinfo, _ := os.Stat(dir)
	if dinfo.Mode().Perm() != 0o700 {
		t.Fatalf("socket directory mode %v, want 0700", dinfo.Mode())
	}
}

func TestListenReplacesOnlyStaleSockets(t *testing.T) {
	dir := socketDir(t)
	path := filepath.Join(dir, "s.sock")
	ln, err := localapi.Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	// A dead owner's socket file: still there, nobody listening.
	ln.(interface{ SetUnlinkOnClose(bool) }).SetUnlinkOnClose(false)
	ln.Close()
	ln2, err := localapi.Listen(path)
	if err != nil {
		t.Fatalf("listen over a stale socket: %v", err)
	}
	ln2.Close()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("mine"), 0o600)
	if _, err := localapi.Listen(file); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("listen over a regular file: %v", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "mine" {
		t.Fatal("regular file changed")
	}
}

func TestSocketPath(t *testing.T) {
	env := func(home string, vars map[string]string) paths.Env {
		return paths.Env{GOOS: "linux", Home: home, Getenv: func(k string) string { return vars[k] }}
	}
	rt := map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}
	tests := []struct {
		env     paths.Env
		profile string
		want    string // a regular expression
	}{
		{env("/home/ana", rt), "default", `^/run/user/1000/minca/default-[0-9a-f]{12}\.sock$`},
		{env("/home/ana", rt), "work", `^/run/user/1000/minca/work-[0-9a-f]{12}\.sock$`},
		{env("/home/ana", nil), "default", `^/home/ana/\.local/share/minca/profiles/default/node\.sock$`},
		{env("/home/ana", map[string]string{"XDG_RUNTIME_DIR": "relative"}), "default", `^/home/ana/\.local/share/minca/profiles/default/node\.sock$`},
	}
	for _, tt := range tests {
		got, err := localapi.SocketPath(tt.env, tt.profile)
		if err != nil || !regexp.MustCompile(tt.want).MatchString(got) {
			t.Errorf("%s: %q, %v; want %s", tt.profile, got, err, tt.want)
		}
	}
	// Two homes sharing the runtime directory get a socket each; one home
	// always the same.
	ana, _ := localapi.SocketPath(env("/home/ana", rt), "default")
	again, _ := localapi.SocketPath(env("/home/ana/", rt), "default")
	ben, _ := localapi.SocketPath(env("/home/ben", rt), "default")
	if ana != again || ana == ben {
		t.Errorf("ana %s, ana again %s, ben %s: want one socket per profile directory", ana, again, ben)
	}
	if _, err := localapi.SocketPath(env("/home/ana", nil), "../x"); err == nil {
		t.Error("bad profile name accepted")
	}
	long := env("/home/ana", map[string]string{"XDG_RUNTIME_DIR": "/" + strings.Repeat("d", 120)})
	if _, err := localapi.SocketPath(long, "default"); err == nil {
		t.Error("over-long socket path accepted")
	}
}

// Every path to one profile directory, through a symbolic link too, names
// one socket, before the directory exists and after.
func TestSocketPathFollowsLinks(t *testing.T) {
	target := t.TempDir()
	link := filepath.Join(t.TempDir(), "home")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	rt := map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}
	at := func(home string) string {
		p, err := localapi.SocketPath(paths.Env{GOOS: "linux", Home: home, Getenv: func(k string) string { return rt[k] }}, "default")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := at(target)
	if at(link) != before {
		t.Errorf("through a link: %s, want %s", at(link), before)
	}
	if err := os.MkdirAll(filepath.Join(target, ".local", "share", "minca", "profiles", "default"), 0o700); err != nil {
		t.Fatal(err)
	}
	if at(target) != before || at(link) != before {
		t.Errorf("once the directory exists: %s and %s, want %s", at(target), at(link), before)
	}
}
