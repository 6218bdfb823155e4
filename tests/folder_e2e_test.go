//go:build e2e

package tests

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/node/segments"
)

// The data folder end to end (05 §14–§16, issue 6): separate processes of
// tests/cmd/folderclient, each one client with its own stores outside the
// folder, on one folder and no network.

const folderSeed = "00112233445566778899aabbccddeeff"
const folderPass = "hunter2 hunter2"

// folderClient builds the helper command into a temporary directory.
func folderClient(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "folderclient")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/folderclient")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build folderclient: %v\n%s", err, out)
	}
	return bin
}

type event struct {
	Event           string                         `json:"event"`
	Account         string                         `json:"account"`
	Code            string                         `json:"code"`
	Spaces          []string                       `json:"spaces"`
	Space           string                         `json:"space"`
	IDs             []string                       `json:"ids"`
	States          map[string]string              `json:"states"`
	Held            map[string][]string            `json:"held"`
	Pulls           map[string]segments.PullResult `json:"pulls"`
	RegistryRefused []string                       `json:"registryRefused"`
	RegistrySkipped int                            `json:"registrySkipped"`
	RowsSkipped     int                            `json:"rowsSkipped"`
	BlobsSkipped    int                            `json:"blobsSkipped"`
}

func parseEvents(out []byte) []event {
	var evs []event
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			evs = append(evs, e)
		}
	}
	return evs
}

// fixture is one account in one folder.
type fixture struct {
	t      *testing.T
	bin    string
	folder string
	code   string
	spaces []string
	unlock []string // how the usual clients open the account
}

// newFixture makes a folder with one account and n spaces. With a Secret
// Service on the session bus (tests/run-e2e.sh) the account gets a device
// wrap in the real keychain and clients open it that way; otherwise with
// the passphrase.
func newFixture(t *testing.T, n int) *fixture {
	t.Helper()
	f := &fixture{t: t, bin: folderClient(t), folder: filepath.Join(t.TempDir(), "Minca")}
	args := []string{"init", "-folder", f.folder, "-seed", folderSeed, "-pass", folderPass, "-spaces", fmt.Sprint(n)}
	f.unlock = []string{"-unlock", "passphrase", "-pass", folderPass}
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") != "" {
		needSecretService(t)
		args = append(args, "-device")
		f.unlock = []string{"-unlock", "device"}
	}
	evs := f.run(args...)
	if len(evs) != 1 || evs[0].Event != "init" || len(evs[0].Spaces) != n {
		t.Fatalf("init: %+v", evs)
	}
	f.code, f.spaces = evs[0].Code, evs[0].Spaces
	return f
}

func (f *fixture) run(args ...string) []event {
	f.t.Helper()
	cmd := exec.Command(f.bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		f.t.Fatalf("folderclient %v: %v\n%s", args[0], err, stderr.String())
	}
	return parseEvents(out)
}

// client runs one client process to its end and returns its final state.
func (f *fixture) client(own string, extra ...string) event {
	f.t.Helper()
	args := append([]string{"run", "-folder", f.folder, "-own", own}, f.unlock...)
	evs := f.run(append(args, extra...)...)
	if len(evs) == 0 || evs[len(evs)-1].Event != "state" {
		f.t.Fatalf("no state from client %s", own)
	}
	return evs[len(evs)-1]
}

func (f *fixture) recovery(folder, own string) event {
	f.t.Helper()
	evs := f.run("run", "-folder", folder, "-own", own, "-unlock", "recovery", "-code", f.code)
	return evs[len(evs)-1]
}

func acked(evs []event, into map[string]map[string]bool) {
	for _, e := range evs {
		if e.Event != "ack" {
			continue
		}
		if into[e.Space] == nil {
			into[e.Space] = map[string]bool{}
		}
		for _, id := range e.IDs {
			into[e.Space][id] = true
		}
	}
}

// checkHolds fails unless st holds every space of f with every acked id.
func (f *fixture) checkHolds(name string, st event, ack map[string]map[string]bool) {
	f.t.Helper()
	for _, sp := range f.spaces {
		if _, ok := st.States[sp]; !ok {
			f.t.Fatalf("%s does not hold space %s", name, sp)
		}
		held := map[string]bool{}
		for _, id := range st.Held[sp] {
			held[id] = true
		}
		for id := range ack[sp] {
			if !held[id] {
				f.t.Fatalf("%s lost acknowledged version %s of %s", name, id, sp)
			}
		}
	}
}

func sameStates(t *testing.T, a, b event, what string) {
	t.Helper()
	for sp, s := range a.States {
		if b.States[sp] != s {
			t.Fatalf("%s: space %s differs:\n%s\n---\n%s", what, sp, s, b.States[sp])
		}
	}
	if len(a.States) != len(b.States) {
		t.Fatalf("%s: %d spaces vs %d", what, len(a.States), len(b.States))
	}
}

// Two processes of one account on one folder, running at once, converge
// without any network; a third on a copy of the folder, as a sync service
// delivers it (a segment half delivered first), opens the account with its
// recovery code and holds every space.
func TestFolderE2ETwoProcessesConverge(t *testing.T) {
	f := newFixture(t, 2)
	own := t.TempDir()
	ack := map[string]map[string]bool{}
	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 2)
	for i, coll := range []string{"app.wiki", "app.canvas"} {
		args := append([]string{"run", "-folder", f.folder, "-own", filepath.Join(own, fmt.Sprint(i)),
			"-collection", coll, "-rounds", "6", "-writes", "3", "-compact", "4", "-per-segment", "4",
			"-rand", fmt.Sprint(i + 1)}, f.unlock...)
		go func() {
			out, err := exec.Command(f.bin, args...).Output()
			done <- result{out, err}
		}()
	}
	for range 2 {
		r := <-done
		if r.err != nil {
			t.Fatalf("client: %v", r.err)
		}
		acked(parseEvents(r.out), ack)
	}
	a := f.client(filepath.Join(own, "0"))
	b := f.client(filepath.Join(own, "1"))
	a = f.client(filepath.Join(own, "0"))
	sameStates(t, a, b, "two processes")
	f.checkHolds("a", a, ack)
	for _, sp := range f.spaces {
		if len(ack[sp]) < 30 {
			t.Fatalf("space %s: only %d versions acknowledged", sp, len(ack[sp]))
		}
	}

	// The copy, delivered out of order: first every file but one segment,
	// which arrives half written; then the rest.
	cp := filepath.Join(t.TempDir(), "Copy")
	held := syncCopy(t, f.folder, cp)
	c1 := f.recovery(cp, filepath.Join(own, "c"))
	bad := 0
	for _, p := range c1.Pulls {
		bad += p.BadHash
	}
	if bad != 1 {
		t.Fatalf("half-delivered segment: %d bad hashes seen", bad)
	}
	if err := os.WriteFile(filepath.Join(cp, held.rel), held.data, 0o600); err != nil {
		t.Fatal(err)
	}
	c := f.recovery(cp, filepath.Join(own, "c"))
	sameStates(t, a, c, "recovered copy")
	f.checkHolds("copy", c, ack)
}

type heldBack struct {
	rel  string
	data []byte
}

// syncCopy copies a folder's files in a shuffled order, skipping .tmp files,
// and delivers one segment half written; it returns that segment.
func syncCopy(t *testing.T, from, to string) heldBack {
	t.Helper()
	var files []string
	filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !strings.HasSuffix(p, ".tmp") {
			files = append(files, p)
		}
		return err
	})
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	var held heldBack
	for _, p := range files {
		rel, _ := filepath.Rel(from, p)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if held.rel == "" && strings.HasSuffix(p, ".seg") && len(b) > 100 {
			held = heldBack{rel, b}
			b = b[:len(b)/2]
		}
		os.MkdirAll(filepath.Dir(filepath.Join(to, rel)), 0o700)
		if err := os.WriteFile(filepath.Join(to, rel), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if held.rel == "" {
		t.Fatal("no segment to deliver half")
	}
	return held
}

// fingerprint is every name, mode and content under dir, to show a test
// touched nothing there.
func fingerprint(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		fmt.Fprintf(&b, "%s %v %d", p, d.Type(), info.ModTime().UnixNano())
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, " %x", sha256.Sum256(data))
		}
		b.WriteByte('\n')
		return nil
	})
	return b.String()
}

func plantFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// plantSegment writes data under a writer of space dir with its right name.
func plantSegment(t *testing.T, spaceDir, writer string, counter int, data []byte) {
	plantFile(t, filepath.Join(spaceDir, writer, segments.Name(counter, data)), data)
}

// firstSegment returns the versions of one segment of a client in spaceDir.
func firstVersions(t *testing.T, spaceDir string) []map[string]any {
	t.Helper()
	var found []map[string]any
	filepath.WalkDir(spaceDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && found == nil && strings.HasSuffix(p, ".seg") {
			b, _ := os.ReadFile(p)
			if es, _, ok := segments.Decode(b); ok && len(es) > 0 {
				found = es
			}
		}
		return err
	})
	if found == nil {
		t.Fatal("no segment with versions")
	}
	return found
}

// Hostile folder contents are refused and counted; nothing is lost and
// nothing outside the folder is touched.
func TestFolderE2EHostileContents(t *testing.T) {
	f := newFixture(t, 2)
	own := t.TempDir()
	a := f.client(filepath.Join(own, "a"), "-rounds", "3", "-writes", "3")
	data := filepath.Join(f.folder, "accounts", a.Account, "stores")
	sp := filepath.Join(data, "spaces", f.spaces[0])
	outside := t.TempDir()
	plantFile(t, filepath.Join(outside, "secret"), []byte("outside"))
	real := firstVersions(t, sp)
	good, _ := json.Marshal(map[string]any{"v": 8, "versions": real})
	plantSegment(t, outside, "x", 1, good)
	before := fingerprint(t, outside)

	w := func(i int) string { return fmt.Sprintf("%032x", 0xbad0+i) }
	// symbolic links: a writer directory, a segment, a registry entry
	os.Symlink(filepath.Join(outside, "x"), filepath.Join(sp, w(1)))
	os.MkdirAll(filepath.Join(sp, w(2)), 0o700)
	os.Symlink(filepath.Join(outside, "x", segments.Name(1, good)), filepath.Join(sp, w(2), segments.Name(1, good)))
	kv := filepath.Join(data, "registry", "kv")
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(kv, "space%3Alinked"))
	// names that decode to "..", or with a slash or NUL
	plantSegment(t, filepath.Join(sp, "%2E%2E"), w(3), 1, good)
	plantFile(t, filepath.Join(sp, w(4), "a%2Fb.seg"), good)
	plantFile(t, filepath.Join(sp, w(4), "a%00b.seg"), good)
	// bytes that do not match the name; not JSON; v 7
	plantFile(t, filepath.Join(sp, w(5), "000001-0123456789abcdef.seg"), good)
	plantSegment(t, sp, w(6), 1, []byte("not json at all"))
	plantSegment(t, sp, w(6), 2, []byte(strings.Replace(string(good), `"v":8`, `"v":7`, 1)))
	// forged and mangled versions
	forged, mangled := map[string]any{}, map[string]any{}
	for k, v := range real[0] {
		forged[k], mangled[k] = v, v
	}
	forged["key"] = "forged"
	sig := mangled["signature"].(string)
	mangled["signature"] = strings.Repeat("A", len(sig))
	mangled["id"] = "b" + strings.Repeat("a", 52)
	bad, _ := json.Marshal(map[string]any{"v": 8, "versions": []any{forged, mangled, "not a version", map[string]any{"id": 5}}})
	plantSegment(t, sp, w(7), 1, bad)
	// an older layout (05 §14.8)
	plantFile(t, filepath.Join(sp, "kv", "space%3Ax"), []byte("planted"))
	plantFile(t, filepath.Join(sp, "versions", "x"), good)
	// registry: a sealed value copied to another key, and one in the clear
	sealed, err := os.ReadFile(filepath.Join(kv, "space%3A"+f.spaces[0]))
	if err != nil {
		t.Fatal(err)
	}
	plantFile(t, filepath.Join(kv, "space%3Abmoved"), sealed)
	plantFile(t, filepath.Join(kv, "spacekey%3A"+f.spaces[0]), sealed)
	plantFile(t, filepath.Join(kv, "spaceinvite%3A"+f.spaces[0]), []byte(`{"clear":true}`))
	// accounts.json rows with another id or data path
	list, _ := os.ReadFile(filepath.Join(f.folder, "accounts.json"))
	var doc map[string]any
	json.Unmarshal(list, &doc)
	row := doc["accounts"].([]any)[0].(map[string]any)
	evil1 := map[string]any{"id": "..", "did": row["did"], "dataPath": "accounts/../stores", "name": "x", "createdAt": "9"}
	evil2 := map[string]any{"id": "zz", "did": row["did"], "dataPath": "../../" + outside, "name": "x", "createdAt": "9"}
	doc["accounts"] = append(doc["accounts"].([]any), evil1, evil2)
	list, _ = json.MarshalIndent(doc, "", "  ")
	plantFile(t, filepath.Join(f.folder, "accounts.json"), list)

	b := f.recovery(f.folder, filepath.Join(own, "b"))
	sameStates(t, a, b, "reader of a hostile folder")
	again := f.client(filepath.Join(own, "a"))
	sameStates(t, a, again, "writer after hostile contents")
	var sum segments.PullResult
	for _, p := range b.Pulls {
		sum.BadHash += p.BadHash
		sum.Empty += p.Empty
		sum.Refused += p.Refused
		sum.Skipped += p.Skipped
		sum.BadKey += p.BadKey
	}
	if sum.BadHash != 1 || sum.Empty != 2 || sum.Refused < 2 || sum.Skipped != 2 || sum.BadKey != 2 {
		t.Errorf("pull counts: %+v", sum)
	}
	slices.Sort(b.RegistryRefused)
	wantRefused := []string{"space:bmoved", "spaceinvite:" + f.spaces[0], "spacekey:" + f.spaces[0]}
	slices.Sort(wantRefused)
	if !slices.Equal(b.RegistryRefused, wantRefused) || b.RegistrySkipped != 1 {
		t.Errorf("registry refused %v, skipped %d", b.RegistryRefused, b.RegistrySkipped)
	}
	if b.RowsSkipped != 2 {
		t.Errorf("accounts.json rows skipped: %d", b.RowsSkipped)
	}
	if b.BlobsSkipped < 5 {
		t.Errorf("blob names skipped: %d", b.BlobsSkipped)
	}
	if after := fingerprint(t, outside); after != before {
		t.Fatalf("outside the folder changed:\n%s\n---\n%s", before, after)
	}
}

// Processes killed with SIGKILL at random points during push, pull and
// compaction (50 kills) leave a folder every client still reads completely,
// with no acknowledged version lost.
func TestFolderE2ESIGKILL(t *testing.T) {
	f := newFixture(t, 2)
	own := t.TempDir()
	ack := map[string]map[string]bool{}
	rnd := rand.New(rand.NewPCG(42, 6))
	start := time.Now()
	kills, compactions := 0, 0
	for round := 0; kills < 50; round++ {
		var procs [2]*killed
		for i, coll := range []string{"app.wiki", "app.canvas"} {
			args := append([]string{"run", "-folder", f.folder, "-own", filepath.Join(own, fmt.Sprint(i)),
				"-collection", coll, "-rounds", "100000", "-writes", "2", "-compact", "1",
				"-per-segment", "3", "-rand", fmt.Sprint(round*2 + i + 1)}, f.unlock...)
			// Killed 0–250 ms after its first push returned: while it pulls,
			// writes, pushes or compacts, never while it is still unlocking.
			procs[i] = startKilled(t, f.bin, args, time.Duration(rnd.IntN(250))*time.Millisecond)
		}
		for _, p := range procs {
			evs := p.wait(t)
			acked(evs, ack)
			for _, e := range evs {
				if e.Event == "compact" {
					compactions++
				}
			}
			kills++
		}
	}
	total := 0
	for _, ids := range ack {
		total += len(ids)
	}
	t.Logf("%d kills in %v; %d versions acknowledged, %d compactions finished", kills, time.Since(start), total, compactions)
	if compactions == 0 {
		t.Fatal("no compaction ran between the kills")
	}
	a := f.client(filepath.Join(own, "0"))
	b := f.client(filepath.Join(own, "1"))
	a = f.client(filepath.Join(own, "0"))
	sameStates(t, a, b, "after the kills")
	f.checkHolds("a", a, ack)
	f.checkHolds("b", b, ack)
	c := f.recovery(f.folder, filepath.Join(own, "fresh"))
	sameStates(t, a, c, "a fresh reader after the kills")
	f.checkHolds("fresh reader", c, ack)
}

// killed is a client process that gets SIGKILL a while after its first ack.
type killed struct {
	cmd  *exec.Cmd
	done chan []byte
}

func startKilled(t *testing.T, bin string, args []string, after time.Duration) *killed {
	t.Helper()
	p := &killed{cmd: exec.Command(bin, args...), done: make(chan []byte, 1)}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	firstAck := make(chan struct{})
	go func() {
		var all bytes.Buffer
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		acked := false
		for sc.Scan() {
			all.Write(sc.Bytes())
			all.WriteByte('\n')
			if !acked && bytes.Contains(sc.Bytes(), []byte(`"event":"ack"`)) {
				acked = true
				close(firstAck)
			}
		}
		p.done <- all.Bytes()
	}()
	go func() {
		select {
		case <-firstAck:
			time.Sleep(after)
		case <-time.After(30 * time.Second):
		}
		p.cmd.Process.Signal(syscall.SIGKILL)
	}()
	return p
}

// wait returns every line the process printed before it died.
func (p *killed) wait(t *testing.T) []event {
	t.Helper()
	out := <-p.done
	err := p.cmd.Wait()
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("client ended by itself, not killed: %v", err)
	}
	return parseEvents(out)
}
