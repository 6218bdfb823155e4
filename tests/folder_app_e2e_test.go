//go:build e2e

package tests

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// The data folder with the real app (05 §14–§16, issue 6): what
// tests/folder_e2e_test.go shows of tests/cmd/folderclient, shown of real
// `minca host` processes (MINCA_BIN), each with its own home and no socket
// between them: the folder, as a sync service delivers it, is all they share.

// appFolder is what device one left in its data folder: Alice's account,
// her recovery code in a file, two spaces and the records written in each
// (version id → body).
type appFolder struct {
	dir, codeFile string
	acc           api.NewAccount
	spaces        []string // public, private
	records       map[string]map[string]string
	one           *neUser // device one, stopped
}

// writeAppFolder runs device one: it makes Alice's account in a new data
// folder, a public and a private space, writes two records in each, and
// stops, so the folder holds everything it wrote (its push on close).
func writeAppFolder(t *testing.T, bin string) appFolder {
	t.Helper()
	f := appFolder{dir: filepath.Join(t.TempDir(), "Dropbox", "Minca"), codeFile: filepath.Join(t.TempDir(), "code"),
		records: map[string]map[string]string{}}
	one := newNEUser(t, bin, "Alice")
	f.one = one
	one.ok(nil, "folder", "set", f.dir, "--json")
	one.ok(&f.acc, "account", "create", "--name", "Alice", "--json")
	if err := os.WriteFile(f.codeFile, []byte(f.acc.RecoveryCode+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	one.startHost()
	var pub, priv api.SpaceSummary
	one.ok(&pub, "space", "create", "Team", "--template", "team", "--json")
	one.ok(&priv, "space", "create", "Notes", "--private", "--template", "notebook", "--json")
	f.spaces = []string{pub.ID, priv.ID}
	one.startUI()
	for _, id := range f.spaces {
		f.records[id] = map[string]string{}
		for i := range 2 {
			body := fmt.Sprintf("record %d of %s", i, id[:8])
			f.records[id][one.write(id, body)] = body
		}
	}
	one.ui.proc.stop()
	one.host.stop()
	return f
}

// storesOf is the stores directory of the only account in a data folder.
func storesOf(t *testing.T, dir string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "accounts", "*", "stores"))
	if err != nil || len(m) != 1 {
		t.Fatalf("account stores in %s: %v %v", dir, m, err)
	}
	return m[0]
}

// restoreFrom runs device three: a new home restores Alice's account from
// the recovery code and the data folder dir, and runs a host and the ui.
func restoreFrom(t *testing.T, bin string, f appFolder, dir string) *neUser {
	t.Helper()
	three := newNEUser(t, bin, "Alice")
	var restored api.Account
	three.ok(&restored, "account", "restore", "--recovery-code-file", f.codeFile, "--folder", dir, "--json")
	if restored.DID != f.acc.Account.DID {
		t.Fatalf("restored %+v, want %s", restored, f.acc.Account.DID)
	}
	three.startHost()
	three.startUI()
	return three
}

// holdsAll says whether u holds exactly f's spaces, and in each exactly
// f's records, every one readable.
func (f appFolder) holdsAll(u *neUser) error {
	var ss []api.SpaceSummary
	u.ok(&ss, "space", "list", "--json")
	var got []string
	for _, s := range ss {
		got = append(got, s.ID)
	}
	slices.Sort(got)
	if want := slices.Sorted(slices.Values(f.spaces)); !slices.Equal(got, want) {
		return fmt.Errorf("holds spaces %v, want %v", got, want)
	}
	for _, id := range f.spaces {
		var rs []api.Record
		if e := u.call("Records", &rs, id, "app.chat"); e != nil {
			return fmt.Errorf("Records of %s: %s", id, e.Message)
		}
		if len(rs) != len(f.records[id]) {
			return fmt.Errorf("%d records in %s, want %d", len(rs), id, len(f.records[id]))
		}
		for vid, body := range f.records[id] {
			if err := u.reads(id, vid, body); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestFolderAppE2ERestoreFromCopy: device one's data folder, copied as a
// sync service delivers it (files in any order, one segment half written
// at first), is enough for a third home to restore the account with the
// recovery code and hold every space and record, the private ones readable.
func TestFolderAppE2ERestoreFromCopy(t *testing.T) {
	bin := e2eBin(t)
	began := time.Now()
	f := writeAppFolder(t, bin)
	cp := filepath.Join(t.TempDir(), "Dropbox", "Minca")
	held := syncCopy(t, f.dir, cp)
	three := restoreFrom(t, bin, f, cp)
	time.Sleep(time.Second) // a pull or two sees the half-written segment
	plantFile(t, filepath.Join(cp, held.rel), held.data)
	neWait(t, "device three holds every space and record", 30*time.Second, func() error { return f.holdsAll(three) })
	t.Logf("restored from a delivered copy of the folder: %v", time.Since(began).Round(time.Millisecond))
}

// TestFolderAppE2EHostileContents: files planted in the folder the real
// app reads (links to an outside directory, names that decode to "..",
// bytes that do not match their name, not JSON, v 7, forged and mangled
// versions in a well-named segment, a kept invite in the clear) change
// nothing: a restoring device holds the same spaces and records as the
// folder's owner wrote, counts the refusals in its sync status, and leaves
// the outside directory untouched. The
// outside directory the links reach holds a segment with a record found
// nowhere else, so a device that followed a link would hold one record
// too many.
func TestFolderAppE2EHostileContents(t *testing.T) {
	bin := e2eBin(t)
	f := writeAppFolder(t, bin)
	privOne := filepath.Join(storesOf(t, f.dir), "spaces", f.spaces[1])
	had := segmentFiles(t, privOne)
	f.one.startHost()
	f.one.startUI()
	f.one.write(f.spaces[1], "only outside the folder")
	keptJoin := keptJoinFile(t, bin, f)
	f.one.ui.proc.stop()
	f.one.host.stop()

	cp := filepath.Join(t.TempDir(), "Dropbox", "Minca")
	held := syncCopy(t, f.dir, cp)
	plantFile(t, filepath.Join(cp, held.rel), held.data)
	stores := storesOf(t, cp)
	priv := filepath.Join(stores, "spaces", f.spaces[1])
	outside := t.TempDir()
	plantFile(t, filepath.Join(outside, "secret"), []byte("outside"))
	moved := 0
	for rel := range segmentFiles(t, privOne) {
		if !had[rel] { // written after: moved out of the copy
			b, err := os.ReadFile(filepath.Join(privOne, rel))
			if err != nil {
				t.Fatal(err)
			}
			plantFile(t, filepath.Join(outside, "x", filepath.Base(rel)), b)
			if err := os.Remove(filepath.Join(priv, rel)); err != nil {
				t.Fatal(err)
			}
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("device one's last record made no new segment")
	}
	real := firstVersions(t, priv)
	good, _ := json.Marshal(map[string]any{"v": 8, "versions": real})
	before := fingerprint(t, outside)
	plantHostile(t, stores, priv, outside, real, good)
	// a sealed entry copied to another key: the kept join device one let go
	plantFile(t, filepath.Join(stores, "registry", "kv", "spaceinvite%3Ab"+strings.Repeat("d", 52)), keptJoin)

	three := restoreFrom(t, bin, f, cp)
	neWait(t, "device three holds the same spaces and records", 30*time.Second, func() error { return f.holdsAll(three) })
	// A few more pulls over the hostile files, then the same again.
	time.Sleep(3 * time.Second)
	if err := f.holdsAll(three); err != nil {
		t.Fatalf("after more pulls: %v", err)
	}
	// The refusals are counted in the private space's sync status.
	neWait(t, "the private space's folder pulls count the hostile files", 20*time.Second, func() error {
		c := folderPulls(three, f.spaces[1])
		if c == nil || c.BadHash < 1 || c.Empty != 2 || c.Refused < 2 || c.Skipped != 2 || c.BadKey < 1 {
			return fmt.Errorf("folder pulls %+v", c)
		}
		return nil
	})
	t.Logf("folder pulls of the private space: %+v", *folderPulls(three, f.spaces[1]))
	// The registry entries that do not open are named, not used (05 §15).
	var fo api.Folder
	three.ok(&fo, "folder", "show", "--json")
	want := []string{"spaceinvite:b" + strings.Repeat("c", 52), "spaceinvite:b" + strings.Repeat("d", 52)}
	if r := fo.Registry; r == nil || r.Loaded != 0 || !slices.Equal(r.Refused, want) || r.Skipped != 1 {
		t.Fatalf("folder show: registry %+v, want none loaded, %v refused, the link skipped", r, want)
	}
	if out, err := three.command("folder", "show").Output(); err != nil || !strings.Contains(string(out), "2 of your account's registry entries do not open") {
		t.Fatalf("folder show (%v) says:\n%s", err, out)
	}
	three.ui.proc.stop()
	three.host.stop()
	if after := fingerprint(t, outside); after != before {
		t.Fatalf("outside the folder changed:\n%s\n---\n%s", before, after)
	}
}

// folderPulls is what u's sync status counts of the pulls of space id
// from the data folder.
func folderPulls(u *neUser, id string) *api.FolderPulls {
	var st api.SyncStatus
	u.ok(&st, "sync", "status", "--json")
	for _, s := range st.Spaces {
		if s.SpaceID == id {
			return s.Folder
		}
	}
	return nil
}

// segmentFiles is every .seg file under spaceDir, by its path there.
func segmentFiles(t *testing.T, spaceDir string) map[string]bool {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(spaceDir, "*", "*.seg"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, p := range m {
		rel, _ := filepath.Rel(spaceDir, p)
		out[rel] = true
	}
	return out
}

// plantHostile plants hostile files in the account's stores and in the
// private space's directory priv; real are versions of one of its
// segments, good a segment of them.
func plantHostile(t *testing.T, stores, priv, outside string, real []map[string]any, good []byte) {
	t.Helper()
	w := func(i int) string { return fmt.Sprintf("%032x", 0xbad0+i) }
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	// symbolic links to the outside: a writer directory, a segment, a kept invite
	must(os.Symlink(filepath.Join(outside, "x"), filepath.Join(priv, w(1))))
	must(os.MkdirAll(filepath.Join(priv, w(2)), 0o700))
	entries, _ := os.ReadDir(filepath.Join(outside, "x"))
	must(os.Symlink(filepath.Join(outside, "x", entries[0].Name()), filepath.Join(priv, w(2), entries[0].Name())))
	kv := filepath.Join(stores, "registry", "kv")
	must(os.MkdirAll(kv, 0o700))
	must(os.Symlink(filepath.Join(outside, "secret"), filepath.Join(kv, "spaceinvite%3Ablinked")))
	// names that decode to "..", or with a slash or NUL
	plantSegment(t, filepath.Join(priv, "%2E%2E"), w(3), 1, good)
	plantFile(t, filepath.Join(priv, w(4), "a%2Fb.seg"), good)
	plantFile(t, filepath.Join(priv, w(4), "a%00b.seg"), good)
	// a name that is no segment's
	plantFile(t, filepath.Join(priv, w(8), "readme.txt"), good)
	// bytes that do not match the name; not JSON; v 7
	plantFile(t, filepath.Join(priv, w(5), "000001-0123456789abcdef.seg"), good)
	plantSegment(t, priv, w(6), 1, []byte("not json at all"))
	plantSegment(t, priv, w(6), 2, []byte(strings.Replace(string(good), `"v":8`, `"v":7`, 1)))
	// forged and mangled versions in a well-named segment
	forged, mangled := map[string]any{}, map[string]any{}
	for k, v := range real[0] {
		forged[k], mangled[k] = v, v
	}
	forged["key"] = "forged"
	sig, _ := mangled["signature"].(string)
	mangled["signature"] = strings.Repeat("A", len(sig))
	mangled["id"] = "b" + strings.Repeat("a", 52)
	bad, _ := json.Marshal(map[string]any{"v": 8, "versions": []any{forged, mangled, "not a version", map[string]any{"id": 5}}})
	plantSegment(t, priv, w(7), 1, bad)
	// a kept invite in the clear, for a space nobody holds
	plantFile(t, filepath.Join(kv, "spaceinvite%3Ab"+strings.Repeat("c", 52)), []byte(`{"clear":true}`))
}

// keptJoinFile is the sealed file of a kept join device one (running) made
// and then let go: Bob's space, his computer off, joined and left again. The
// folder no longer holds it; its bytes are returned.
func keptJoinFile(t *testing.T, bin string, f appFolder) []byte {
	t.Helper()
	bob := newNEUser(t, bin, "Bob")
	bob.ok(nil, "account", "create", "--name", "Bob", "--json")
	var club api.SpaceSummary
	bob.ok(&club, "space", "create", "Club", "--template", "team", "--json")
	var inv api.Invite
	bob.ok(&inv, "invite", "create", club.ID, "--role", "member", "--json")
	f.one.ok(nil, "join", inv.Link, "--json")
	file := filepath.Join(storesOf(t, f.dir), "registry", "kv", "spaceinvite%3A"+club.ID)
	var b []byte
	neWait(t, "device one keeps the join in the registry", 20*time.Second, func() (err error) {
		b, err = os.ReadFile(file)
		return err
	})
	f.one.ok(nil, "space", "leave", club.ID, "--json")
	neWait(t, "the kept join gone with the leave", 20*time.Second, func() error {
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			return fmt.Errorf("still there: %v", err)
		}
		return nil
	})
	return b
}
