//go:build e2e

package tests

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "modernc.org/sqlite" // reads the node's store
)

// e2eBin returns $MINCA_BIN (set by tests/run-e2e.sh), or skips.
func e2eBin(t *testing.T) string {
	t.Helper()
	bin := os.Getenv("MINCA_BIN")
	if bin == "" {
		t.Skip("MINCA_BIN is unset: run tests/run-e2e.sh")
	}
	return bin
}

// homeEnv is the environment of a minca process whose state lives in home:
// the XDG directories are unset so it uses its defaults under home.
func homeEnv(home string, extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "HOME" || strings.HasPrefix(k, "XDG_DATA_HOME") ||
			k == "XDG_CONFIG_HOME" || k == "XDG_CACHE_HOME" || k == "XDG_STATE_HOME" || k == "MINCA_LOG" {
			continue
		}
		env = append(env, kv)
	}
	return append(append(env, "HOME="+home), extra...)
}

// mincaStatus is the wire status `minca status --json` prints.
type mincaStatus struct {
	Version          string `json:"version"`
	Profile          string `json:"profile"`
	StorePath        string `json:"storePath"`
	DataFolder       string `json:"dataFolder"`
	DataFolderChosen bool   `json:"dataFolderChosen"`
	DataFolderExists bool   `json:"dataFolderExists"`
	Account          string `json:"account"`
	Owner            bool   `json:"owner"`
	Line             string `json:"line"`
}

func statusIn(t *testing.T, bin, home string) mincaStatus {
	t.Helper()
	cmd := exec.Command(bin, "status", "--json")
	cmd.Env = homeEnv(home)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("minca status --json: %v", err)
	}
	var st mincaStatus
	if err := json.Unmarshal(out, &st); err != nil {
		t.Fatalf("minca status --json printed %q: %v", out, err)
	}
	return st
}

// syncBuffer is a bytes.Buffer a process and a test may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// checkNodeStore fails unless path is a SQLite database in WAL mode whose
// tables are all STRICT, with the node's state tables among them.
func checkNodeStore(t *testing.T, path string) {
	t.Helper()
	head := make([]byte, 20)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no store: %v", err)
	}
	_, err = f.Read(head)
	f.Close()
	// The header's bytes 18 and 19 are 2 in WAL mode (sqlite.org/fileformat.html).
	if err != nil || !bytes.HasPrefix(head, []byte("SQLite format 3\x00")) || head[18] != 2 || head[19] != 2 {
		t.Fatalf("%s is no SQLite database in WAL mode: % x %v", path, head, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q %v, want wal", mode, err)
	}
	rows, err := db.Query("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tables := map[string]bool{}
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			t.Fatal(err)
		}
		tables[name] = true
		if !strings.HasSuffix(strings.TrimSpace(def), "STRICT") {
			t.Errorf("table %s is not STRICT: %s", name, def)
		}
	}
	if err := rows.Err(); err != nil || !tables["node_state"] || !tables["held_spaces"] {
		t.Fatalf("tables %v (%v), want node_state and held_spaces", tables, err)
	}
}

// TestCLIE2EStatus: the first CLI verbs on a fresh home. The node's store
// (node.db: SQLite, WAL, STRICT tables) is created in the profile directory
// where the platform keeps per-user data, this process owns the node, there
// is no account yet, and nothing is created in the data folder.
func TestCLIE2EStatus(t *testing.T) {
	bin := e2eBin(t)
	home := t.TempDir()
	st := statusIn(t, bin, home)
	if st.StorePath != filepath.Join(home, ".local/share/minca/profiles/default/node.db") ||
		st.Profile != "default" || !st.Owner || st.Account != "" || st.DataFolder != filepath.Join(home, "Minca") ||
		st.DataFolderChosen || st.DataFolderExists {
		t.Fatalf("status %+v", st)
	}
	checkNodeStore(t, st.StorePath)
	if _, err := os.Stat(filepath.Join(home, "Minca")); !os.IsNotExist(err) {
		t.Fatalf("data folder touched: %v", err)
	}
	cmd := exec.Command(bin, "status")
	cmd.Env = homeEnv(home)
	line, err := cmd.Output()
	if err != nil || strings.TrimSpace(string(line)) != st.Line {
		t.Fatalf("minca status = %q, %v; want %q", line, err, st.Line)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || strings.TrimSpace(string(out)) != "minca "+st.Version {
		t.Fatalf("minca version = %q, %v; want version %q", out, err, st.Version)
	}
	// XDG_DATA_HOME moves the store.
	cmd = exec.Command(bin, "status", "--json")
	cmd.Env = homeEnv(home, "XDG_DATA_HOME="+filepath.Join(home, "xdg"))
	out, err = cmd.Output()
	if err != nil || !strings.Contains(string(out), filepath.Join(home, "xdg", "minca", "profiles")) {
		t.Fatalf("with XDG_DATA_HOME: %s %v", out, err)
	}
}
