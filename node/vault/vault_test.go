package vault

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/folder"
)

const now = "2026-09-26T11:47:11.062Z"

func seedOf(b byte) []byte { return bytes.Repeat([]byte{b}, identity.SeedLen) }

func didOf(t testing.TB, seed []byte) string {
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	return kp.DID()
}

func TestPassphraseWrapVector(t *testing.T) {
	b, _ := os.ReadFile("testdata/vectors.json")
	var v struct {
		W struct {
			Passphrase, Salt, IV, Ciphertext, Seed, DID string
			Iterations                                  int
		} `json:"passphrase_wrap"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	w := v.W
	file := `{"version":2,"label":"Ada","did":"` + w.DID + `","createdAt":"` + now + `","wraps":[` +
		`{"kind":"passphrase","id":"69sTGwYXr5c","label":"Passphrase","addedAt":"x","salt":"` + w.Salt +
		`","iterations":600000,"iv":"` + w.IV + `","ciphertext":"` + w.Ciphertext + `"}]}`
	vault, err := ParseVault([]byte(file))
	if err != nil || len(vault.Wraps) != 1 {
		t.Fatalf("parse: %v %+v", err, vault)
	}
	seed, err := vault.OpenPassphrase(w.Passphrase)
	if err != nil || hex.EncodeToString(seed) != w.Seed {
		t.Fatalf("open: %x %v", seed, err)
	}
	if _, err := vault.OpenPassphrase("hunter2"); !errors.Is(err, ErrNoWrap) {
		t.Fatalf("wrong passphrase: %v", err)
	}
	// The same wrap in a vault naming another DID opens, then is refused.
	vault.DID = didOf(t, seedOf(9))
	if _, err := vault.OpenPassphrase(w.Passphrase); !errors.Is(err, ErrWrongSeed) {
		t.Fatalf("DID check: %v", err)
	}
}

func TestWrapsRoundTrip(t *testing.T) {
	seed := seedOf(1)
	v, err := NewVault(seed, "Ada", now)
	if err != nil {
		t.Fatal(err)
	}
	kc := newKC()
	if _, err := v.AddPassphrase(seed, "correct horse ﬁ", LabelCLI, now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if _, err := v.AddDevice(seed, kc, "This computer", now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if _, err := v.AddDevice(seed, kc, "This computer again", now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if len(v.Wraps) != 2 {
		t.Fatalf("one device wrap per rpId: %d wraps", len(v.Wraps))
	}
	b, err := v.Marshal()
	if err != nil || !bytes.HasSuffix(b, []byte("}\n")) || !bytes.Contains(b, []byte("\n  \"")) {
		t.Fatalf("marshal: %s %v", b, err)
	}
	back, err := ParseVault(b)
	if err != nil || len(back.Wraps) != 2 || back.Skipped != 0 {
		t.Fatalf("parse back: %v %+v", err, back)
	}
	// NFKC: "ﬁ" and "fi" are one passphrase.
	if s, err := back.OpenPassphrase("correct horse fi"); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("passphrase: %v", err)
	}
	if s, err := back.OpenDevice(kc); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("device: %v", err)
	}
	if _, err := back.OpenDevice(newKC()); !errors.Is(err, ErrNoWrap) {
		t.Fatalf("other device: %v", err)
	}
	kc.down = true
	var ue *unavailableError
	if _, err := back.OpenDevice(kc); !errors.As(err, &ue) {
		t.Fatalf("unavailable keychain: %v", err)
	}
	if _, err := back.AddDevice(seed, kc, "x", now, rand.Reader); !errors.As(err, &ue) {
		t.Fatalf("add with unavailable keychain: %v", err)
	}
	code, _ := identity.RecoveryCode(seed)
	if s, err := back.OpenRecovery(code); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("recovery: %v", err)
	}
	other, _ := identity.RecoveryCode(seedOf(2))
	if _, err := back.OpenRecovery(other); !errors.Is(err, ErrWrongSeed) {
		t.Fatalf("other recovery code: %v", err)
	}
	if _, err := back.AddPassphrase(seedOf(2), "x", "x", now, rand.Reader); !errors.Is(err, ErrWrongSeed) {
		t.Fatalf("wrap of another seed: %v", err)
	}
}

func TestParseVaultSkipsBadWraps(t *testing.T) {
	did := didOf(t, seedOf(1))
	good := `{"kind":"passphrase","id":"69sTGwYXr5c","label":"P","addedAt":"x","salt":"7_RXoBGzjVoqZ-sEuPGk1A","iterations":600000,"iv":"eiU7IOMbBVWebPLN","ciphertext":"UGEZbMoL_wEUYxT680bQrlsSNX4_ZzgqDXg3PRPiSMM"}`
	bad := []string{
		strings.Replace(good, `600000`, `1000`, 1),
		strings.Replace(good, `600000`, `1e12`, 1),
		strings.Replace(good, `600000`, `600000.5`, 1),
		strings.Replace(good, `"passphrase"`, `"magic"`, 1),
		strings.Replace(good, `eiU7IOMbBVWebPLN`, `eiU7`, 1),
		strings.Replace(good, `69sTGwYXr5c`, `69sTGwYXr5c+`, 1),
		`"not an object"`,
	}
	file := `{"version":2,"label":"A","did":"` + did + `","createdAt":"x","wraps":[` + good + "," + strings.Join(bad, ",") + `]}`
	v, err := ParseVault([]byte(file))
	if err != nil || len(v.Wraps) != 1 || v.Skipped != len(bad) {
		t.Fatalf("parse: %v, %d wraps, %d skipped", err, len(v.Wraps), v.Skipped)
	}
	for _, f := range []string{`{}`, `{"version":1,"did":"` + did + `","wraps":[]}`, `{"version":2,"did":"x","wraps":[]}`, `{"version":2,"did":"` + did + `"}`, `nope`} {
		if _, err := ParseVault([]byte(f)); !errors.Is(err, ErrFormat) {
			t.Errorf("ParseVault(%s): %v", f, err)
		}
	}
}

func TestAccountsList(t *testing.T) {
	d1, d2 := didOf(t, seedOf(1)), didOf(t, seedOf(2))
	row := func(id, did, path, used string) string {
		return `{"id":"` + id + `","name":"n","did":"` + did + `","createdAt":"2026-01-01","dataPath":"` + path + `","lastUsedAt":"` + used + `"}`
	}
	file := `{"version":1,"accounts":[` + strings.Join([]string{
		row("aaa", d1, "accounts/aaa/stores", "2026-02-01"),
		row("bbb", d2, "accounts/bbb/stores", "2026-03-01"),
		row("ccc", d1, "accounts/ccc/stores", "2026-01-15"), // same DID, older
		row("ddd", d2, "stores", "2026-04-01"),
		row("eee", d2, "accounts/aaa/stores", "2026-04-01"),
		row("../x", d2, "accounts/../x/stores", "2026-04-01"),
		row("UPPER", d2, "accounts/UPPER/stores", "2026-04-01"),
		row("toolongid1234", d2, "accounts/toolongid1234/stores", "2026-04-01"),
		row("fff", "did:web:x", "accounts/fff/stores", "2026-04-01"),
		`7`,
	}, ",") + `]}`
	rows, skipped, err := ParseAccounts([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].ID != "bbb" || rows[1].ID != "aaa" || skipped != 8 {
		t.Fatalf("rows %+v, skipped %d", rows, skipped)
	}
	for _, f := range []string{`{"version":2,"accounts":[]}`, `{"version":1}`, `[]`, ``} {
		if _, _, err := ParseAccounts([]byte(f)); !errors.Is(err, ErrFormat) {
			t.Errorf("ParseAccounts(%s): %v", f, err)
		}
	}
}

func TestCreateAndPutAccount(t *testing.T) {
	dir := t.TempDir()
	root, _ := folder.Open(dir)
	defer root.Close()
	id, err := NewAccountID(rand.Reader)
	if err != nil || !folder.ValidAccountID(id) {
		t.Fatalf("id %q %v", id, err)
	}
	v, _ := NewVault(seedOf(1), "Ada", now)
	if err := Create(root, id, "Ada", v); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"accounts.json", "accounts/" + id + "/account.json", "accounts/" + id + "/stores/registry/kv", "accounts/" + id + "/stores/registry/versions"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	// A row with the same DID under a new id replaces the old row.
	if err := PutAccount(root, Summary{ID: "zzz", Name: "Ada 2", DID: v.DID, CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	rows, _, err := ReadAccounts(root)
	if err != nil || len(rows) != 1 || rows[0].ID != "zzz" || rows[0].DataPath != "accounts/zzz/stores" {
		t.Fatalf("rows %+v %v", rows, err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "accounts.json"))
	if !bytes.HasSuffix(b, []byte("}\n")) {
		t.Fatalf("accounts.json not pretty with newline: %q", b)
	}
	back, err := ReadVault(root, id)
	if err != nil || back.DID != v.DID {
		t.Fatalf("read vault: %v", err)
	}
	if _, err := ReadVault(root, "../x"); !errors.Is(err, folder.ErrUnsafe) {
		t.Fatalf("read vault bad id: %v", err)
	}
}

func TestWriteVaultMergesWraps(t *testing.T) {
	dir := t.TempDir()
	root, _ := folder.Open(dir)
	defer root.Close()
	seed := seedOf(1)
	a, _ := NewVault(seed, "Ada", now)
	kcA, kcB := newKC(), newKC()
	a.AddDevice(seed, kcA, "A", now, rand.Reader)
	if err := WriteVault(root, "acc", a); err != nil {
		t.Fatal(err)
	}
	b, _ := NewVault(seed, "Ada", now)
	wb, _ := b.AddDevice(seed, kcB, "B", now, rand.Reader)
	if err := WriteVault(root, "acc", b); err != nil {
		t.Fatal(err)
	}
	v, _ := ReadVault(root, "acc")
	if len(v.Wraps) != 2 {
		t.Fatalf("merged %d wraps", len(v.Wraps))
	}
	var keep []Wrap
	for _, w := range v.Wraps {
		if w.ID != wb.ID {
			keep = append(keep, w)
		}
	}
	if err := WriteVault(root, "acc", &Vault{DID: v.DID, Label: "Ada", Wraps: keep}, wb.ID); err != nil {
		t.Fatal(err)
	}
	if v, _ := ReadVault(root, "acc"); len(v.Wraps) != 1 || v.Wraps[0].ID == wb.ID {
		t.Fatalf("removal: %d wraps", len(v.Wraps))
	}
}

// TestTwoDevicesOneVault: two devices that each add their device wrap to
// one vault get an rpId each, and both still unlock (01 §12: at most one
// device wrap per rpId). A device that adds its wrap again replaces its own
// earlier one on disk too, and leaves the other device's.
func TestTwoDevicesOneVault(t *testing.T) {
	root, err := folder.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	seed := seedOf(1)
	kcA, kcB := newKC(), newKC()
	a, _ := NewVault(seed, "Ada", now)
	if _, err := a.AddDevice(seed, kcA, "A", now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if err := WriteVault(root, "acc", a); err != nil {
		t.Fatal(err)
	}
	// Device B reads the synced vault, opens it with the recovery code and
	// adds its own wrap.
	b, err := ReadVault(root, "acc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.AddDevice(seed, kcB, "B", now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if err := WriteVault(root, "acc", b); err != nil {
		t.Fatal(err)
	}
	// Device A adds its wrap again (its keychain lost nothing).
	a, _ = ReadVault(root, "acc")
	wa, err := a.AddDevice(seed, kcA, "A again", now, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteVault(root, "acc", a); err != nil {
		t.Fatal(err)
	}
	v, err := ReadVault(root, "acc")
	if err != nil {
		t.Fatal(err)
	}
	rpIDs := map[string]bool{}
	for _, w := range v.Wraps {
		if rpIDs[w.RPID] || !strings.HasPrefix(w.RPID, DeviceRPID+":") {
			t.Fatalf("rpId %q: shared or not this app's", w.RPID)
		}
		rpIDs[w.RPID] = true
	}
	if len(v.Wraps) != 2 || (v.Wraps[0].ID != wa.ID && v.Wraps[1].ID != wa.ID) {
		t.Fatalf("want B's wrap and A's new one, got %+v", v.Wraps)
	}
	for name, kc := range map[string]*testKC{"A": kcA, "B": kcB} {
		if s, err := v.OpenDevice(kc); err != nil || !bytes.Equal(s, seed) {
			t.Fatalf("device %s does not unlock: %v", name, err)
		}
	}
}

// TestLegacyDeviceWrapOpens: a device wrap written before rpIds named the
// device (rpId "minca-desktop" alone) still opens, and is replaced on disk
// when its device adds a new wrap.
func TestLegacyDeviceWrapOpens(t *testing.T) {
	root, err := folder.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	seed := seedOf(1)
	kc := newKC()
	v, _ := NewVault(seed, "Ada", now)
	old, _ := v.AddDevice(seed, kc, "old", now, rand.Reader)
	v.Wraps[0].RPID = DeviceRPID
	if err := WriteVault(root, "acc", v); err != nil {
		t.Fatal(err)
	}
	v, _ = ReadVault(root, "acc")
	if s, err := v.OpenDevice(kc); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("legacy wrap: %v", err)
	}
	if _, err := v.AddDevice(seed, kc, "new", now, rand.Reader); err != nil {
		t.Fatal(err)
	}
	if err := WriteVault(root, "acc", v); err != nil {
		t.Fatal(err)
	}
	v, _ = ReadVault(root, "acc")
	if len(v.Wraps) != 1 || v.Wraps[0].ID == old.ID {
		t.Fatalf("legacy wrap not replaced: %+v", v.Wraps)
	}
	if s, err := v.OpenDevice(kc); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("new wrap: %v", err)
	}
}

func FuzzParseAccounts(f *testing.F) {
	f.Add([]byte(`{"version":1,"accounts":[{"id":"abc","did":"did:key:zDnaeUEY3vrNH2aBdwvsv4qvZpDJ2qHm3Z6UFkorqWJw3CmZT","dataPath":"accounts/abc/stores"}]}`))
	f.Add([]byte(`{"version":1,"accounts":[1,null,{}]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rows, _, err := ParseAccounts(b)
		if err != nil && len(rows) != 0 {
			t.Fatal("rows with an error")
		}
		for _, r := range rows {
			if !folder.ValidAccountID(r.ID) || r.DataPath != "accounts/"+r.ID+"/stores" {
				t.Fatalf("bad row kept: %+v", r)
			}
		}
	})
}

func FuzzParseVault(f *testing.F) {
	f.Add([]byte(`{"version":2,"label":"A","did":"did:key:zDnaeUEY3vrNH2aBdwvsv4qvZpDJ2qHm3Z6UFkorqWJw3CmZT","createdAt":"x","wraps":[{"kind":"device","id":"8eWLsZlFIm0","label":"a","rpId":"a","deviceKeyId":"q1w2e3r4t5y6u7i8","addedAt":"x","salt":"","iv":"jbEkOwndo3stlbr-","ciphertext":"UGEZbMoL_wEUYxT680bQrlsSNX4_ZzgqDXg3PRPiSMM"}]}`))
	f.Add([]byte(`{"version":2,"wraps":[{}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := ParseVault(b)
		if err != nil {
			return
		}
		for _, w := range v.Wraps {
			if checkWrap(w) != nil {
				t.Fatalf("bad wrap kept: %+v", w)
			}
		}
		out, err := v.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseVault(out)
		if err != nil || len(back.Wraps) != len(v.Wraps) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// testKC is a keychain for this package's tests: node may not import package
// keychain (tests/deps_test.go), whose Memory this mirrors; the real one is
// exercised end to end by tests/folder_e2e_test.go.
type testKC struct {
	m    map[string][]byte
	down bool
}

type unavailableError struct{}

func (unavailableError) Error() string { return "keychain unavailable" }

var errNotFound = errors.New("not found")

func newKC() *testKC { return &testKC{m: map[string][]byte{}} }

func (k *testKC) Probe() error {
	if k.down {
		return &unavailableError{}
	}
	return nil
}

func (k *testKC) Get(a string) ([]byte, error) {
	if k.down {
		return nil, &unavailableError{}
	}
	b, ok := k.m[a]
	if !ok {
		return nil, errNotFound
	}
	return b, nil
}

func (k *testKC) Set(a string, s []byte) error {
	if k.down {
		return &unavailableError{}
	}
	k.m[a] = append([]byte(nil), s...)
	return nil
}
