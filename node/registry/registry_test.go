package registry

import (
	"bytes"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/folder"
)

func localKey(t testing.TB, b byte) []byte {
	k, err := identity.LocalKey(bytes.Repeat([]byte{b}, identity.SeedLen))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func open(t *testing.T, dir string, key []byte) *Store {
	t.Helper()
	root, err := folder.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	s, err := Open(root, "k3j9x0q2mz7a", key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func kvPath(dir, key string) string {
	return filepath.Join(dir, "accounts", "k3j9x0q2mz7a", "stores", "registry", "kv", folder.Encode(key))
}

func TestSealedAndClearEntries(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, localKey(t, 1))
	s.Put("space:bAbc", []byte(`{"name":"x"}`))
	s.Put("settings", []byte("plain"))
	raw, _ := os.ReadFile(kvPath(dir, "space:bAbc"))
	if bytes.Contains(raw, []byte("name")) || raw[0] != identity.EnvelopeVersion {
		t.Fatalf("sealed entry in the clear: %q", raw)
	}
	// exactly envelope(localKey, "minca/at-rest/v1", {"entry": key}, value) (05 §15)
	if v, err := identity.Open(localKey(t, 1), identity.LabelAtRest, map[string]any{"entry": "space:bAbc"}, raw); err != nil || string(v) != `{"name":"x"}` {
		t.Fatalf("not the at-rest envelope: %v", err)
	}
	if raw, _ := os.ReadFile(kvPath(dir, "settings")); string(raw) != "plain" {
		t.Fatalf("clear entry stored as %q", raw)
	}
	if _, err := os.Stat(filepath.Join(dir, "accounts", "k3j9x0q2mz7a", "stores", "registry", "kv", "space%3Ab%41bc")); err != nil {
		t.Fatalf("file name: %v", err)
	}
	v, err := s.Get("space:bAbc")
	if err != nil || string(v) != `{"name":"x"}` {
		t.Fatalf("get: %q %v", v, err)
	}
}

// One entry that does not open is refused alone; the rest still load
// (05 §15): in the clear, moved from another entry, sealed by another account.
func TestRefusedEntriesLeaveTheRest(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, localKey(t, 1))
	for _, k := range []string{"space:a", "space:b", "spacekey:a", "spacerole:c"} {
		if err := s.Put(k, []byte("v-"+k)); err != nil {
			t.Fatal(err)
		}
	}
	// moved: space:b's sealed value copied to space:c
	b, _ := os.ReadFile(kvPath(dir, "space:b"))
	os.WriteFile(kvPath(dir, "space:c"), b, 0o600)
	// in the clear under a sealed prefix
	os.WriteFile(kvPath(dir, "spaceinvite:a"), []byte("clear"), 0o600)
	// sealed by another account
	other, _ := Seal(localKey(t, 2), "spacerelays:a", []byte("x"), rand.Reader)
	os.WriteFile(kvPath(dir, "spacerelays:a"), other, 0o600)
	// the account key does not open the local key's entries
	ak, _ := identity.AccountKey(bytes.Repeat([]byte{1}, identity.SeedLen))
	byAK, _ := Seal(ak, "spacememberkey:a", []byte("x"), rand.Reader)
	os.WriteFile(kvPath(dir, "spacememberkey:a"), byAK, 0o600)
	// a link and a badly encoded name
	os.Symlink("/etc/passwd", kvPath(dir, "space:link"))
	os.WriteFile(filepath.Join(filepath.Dir(kvPath(dir, "x")), "Bad"), []byte("x"), 0o600)

	l, err := s.List("")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range l.Entries {
		keys = append(keys, e.Key)
		if string(e.Value) != "v-"+e.Key {
			t.Errorf("%s = %q", e.Key, e.Value)
		}
	}
	if want := []string{"space:a", "space:b", "spacekey:a", "spacerole:c"}; !slices.Equal(keys, want) {
		t.Fatalf("loaded %v, want %v", keys, want)
	}
	if want := []string{"space:c", "spaceinvite:a", "spacememberkey:a", "spacerelays:a"}; !slices.Equal(l.Refused, want) {
		t.Fatalf("refused %v, want %v", l.Refused, want)
	}
	if l.Skipped != 2 {
		t.Fatalf("skipped %d", l.Skipped)
	}
	if _, err := s.Get("space:c"); !errors.Is(err, ErrRefused) {
		t.Fatalf("get moved: %v", err)
	}
	if err := s.ForgetSpace("a"); err != nil {
		t.Fatal(err)
	}
	l, _ = s.List("space")
	if len(l.Entries) != 2 {
		t.Fatalf("after forget: %+v", l.Entries)
	}
}

func FuzzUnseal(f *testing.F) {
	key := localKey(f, 1)
	good, _ := Seal(key, "space:a", []byte("v"), rand.Reader)
	f.Add("space:a", good)
	f.Add("space:a", []byte("clear"))
	f.Add("other", []byte{1, 2, 3})
	f.Add("spacekey:", []byte{})
	f.Fuzz(func(t *testing.T, k string, stored []byte) {
		v, err := Unseal(key, k, stored)
		if err != nil {
			if !errors.Is(err, ErrRefused) {
				t.Fatalf("error not ErrRefused: %v", err)
			}
			return
		}
		if IsSealed(k) && bytes.Equal(v, stored) {
			t.Fatal("a sealed entry fell back to raw")
		}
	})
}

// TestKeys: Keys lists the keys under a prefix, sorted, whether or not
// their values open, and nothing else.
func TestKeys(t *testing.T) {
	s := open(t, t.TempDir(), localKey(t, 1))
	for _, k := range []string{"spaceinvite:b2", "spaceinvite:b1", "spacekey:b1", "name"} {
		if err := s.Put(k, []byte("v")); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Keys("spaceinvite:")
	if err != nil || !slices.Equal(got, []string{"spaceinvite:b1", "spaceinvite:b2"}) {
		t.Fatalf("Keys = %v, %v", got, err)
	}
}
