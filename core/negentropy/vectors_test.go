package negentropy

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
)

// vector is one entry of testdata/vectors.json (copied from the spec's
// vectors.json).
type vector struct {
	Name     string                     `json:"name"`
	Inputs   map[string]json.RawMessage `json:"inputs"`
	Expected map[string]string          `json:"expected"`
}

func loadVectors(t *testing.T) map[string]vector {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var list []vector
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	byName := make(map[string]vector, len(list))
	for _, v := range list {
		byName[v.Name] = v
	}
	return byName
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func idHex(t testing.TB, s string) ID {
	t.Helper()
	return ID(mustHex(t, s))
}

// itemsOf reads [[timestamp, "id hex"], ...].
func itemsOf(t *testing.T, raw json.RawMessage) []Item {
	t.Helper()
	var pairs [][2]any
	if err := json.Unmarshal(raw, &pairs); err != nil {
		t.Fatal(err)
	}
	items := make([]Item, len(pairs))
	for i, p := range pairs {
		items[i] = Item{Timestamp: uint64(p[0].(float64)), ID: idHex(t, p[1].(string))}
	}
	return items
}

func mustVector(t testing.TB, items []Item) *Vector {
	t.Helper()
	v, err := NewVector(items)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVectorFingerprints(t *testing.T) {
	vs := loadVectors(t)
	empty := vs["negentropy-fingerprint-empty"]
	if got := FingerprintOf(nil).String(); got != empty.Expected["fingerprint"] {
		t.Errorf("empty: got %s, want %s", got, empty.Expected["fingerprint"])
	}
	single := vs["negentropy-fingerprint-single"]
	var ids []string
	if err := json.Unmarshal(single.Inputs["ids_hex"], &ids); err != nil {
		t.Fatal(err)
	}
	if got := FingerprintOf([]ID{idHex(t, ids[0])}).String(); got != single.Expected["fingerprint"] {
		t.Errorf("single: got %s, want %s", got, single.Expected["fingerprint"])
	}
}

func TestVectorInitiateEmpty(t *testing.T) {
	v := loadVectors(t)["negentropy-initiate-empty-set"]
	in, err := NewInitiator(mustVector(t, nil), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := in.Initiate(), mustHex(t, v.Expected["message_hex_spaced"]); !bytes.Equal(got, want) {
		t.Errorf("got %x, want %x", got, want)
	}
}

// TestVectorExample is the 05 §3.5 exchange, byte for byte.
func TestVectorExample(t *testing.T) {
	vs := loadVectors(t)
	ab, ba := vs["negentropy-example-A-to-B"], vs["negentropy-example-B-to-A"]
	a, _ := NewInitiator(mustVector(t, itemsOf(t, ab.Inputs["A_items"])), 0)
	b, _ := NewResponder(mustVector(t, itemsOf(t, ba.Inputs["B_items"])), 0)

	first := a.Initiate()
	if want := mustHex(t, ab.Expected["x_message_hex_derived"]); !bytes.Equal(first, want) {
		t.Fatalf("A→B: got %x, want %x", first, want)
	}
	if got := base64.RawURLEncoding.EncodeToString(first); got != ab.Expected["base64url"] {
		t.Errorf("A→B base64url: got %s, want %s", got, ab.Expected["base64url"])
	}
	answer, err := b.Respond(first)
	if err != nil {
		t.Fatal(err)
	}
	if want := mustHex(t, ba.Expected["x_message_hex_derived"]); !bytes.Equal(answer, want) {
		t.Fatalf("B→A: got %x, want %x", answer, want)
	}
	round, err := a.Reconcile(answer)
	if err != nil {
		t.Fatal(err)
	}
	id2, id3 := idHex(t, "02"+strings.Repeat("00", 31)), idHex(t, "03"+strings.Repeat("00", 31))
	if len(round.Have) != 1 || round.Have[0] != id2 || len(round.Need) != 1 || round.Need[0] != id3 || !round.Done() {
		t.Errorf("result: have %v need %v done %v; want have [id2] need [id3] done", round.Have, round.Need, round.Done())
	}
}

// TestVector40ItemPrefix: with 40 items at 1700000000 + i, the first message
// starts 61 86aacfe204 00 01 — whatever the ids (05 §3.5).
func TestVector40ItemPrefix(t *testing.T) {
	v := loadVectors(t)["negentropy-40-item-prefix"]
	items := make([]Item, 40)
	for i := range items {
		items[i].Timestamp = 1_700_000_000 + uint64(i)
		items[i].ID[0], items[i].ID[31] = byte(i), byte(255-i)
	}
	in, _ := NewInitiator(mustVector(t, items), 0)
	msg := in.Initiate()
	want := append(append([]byte{Version}, mustHex(t, v.Expected["prefix_hex"])...), 0x00, byte(ModeFingerprint))
	if !bytes.HasPrefix(msg, want) {
		t.Errorf("got %x…, want prefix %x", msg[:len(want)], want)
	}
}

// TestReference40 is the reference implementation's 40-item vector, in full.
func TestReference40(t *testing.T) {
	raw, err := os.ReadFile("testdata/reference-40.json")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct {
		Expected map[string]string `json:"expected"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	items := make([]Item, 40)
	for i := range items {
		items[i].Timestamp = 1_700_000_000 + uint64(i%7)
		items[i].ID[0], items[i].ID[31] = byte(i), byte(255-i)
	}
	v := mustVector(t, items)
	if got := rangeFingerprint(v, 0, 40).String(); got != list[0].Expected["fingerprint_all"] {
		t.Errorf("fingerprint: got %s, want %s", got, list[0].Expected["fingerprint_all"])
	}
	in, _ := NewInitiator(v, 0)
	if got, want := in.Initiate(), mustHex(t, list[0].Expected["initiate_hex"]); !bytes.Equal(got, want) {
		t.Errorf("initiate:\n got %x\nwant %x", got, want)
	}
}

// TestVectorItemID: an item id is the digest inside the version id (05 §2).
func TestVectorItemID(t *testing.T) {
	v := loadVectors(t)["item-id-from-version-id"]
	var in map[string]string
	raw, _ := json.Marshal(v.Inputs)
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	id, err := IDFromVersionID(in["version_id"])
	if err != nil {
		t.Fatal(err)
	}
	if got := id.String(); got != v.Expected["x_item_id_hex_derived"] {
		t.Errorf("got %s, want %s", got, v.Expected["x_item_id_hex_derived"])
	}
}

// TestItemIDRefusesOtherSpellings: only the canonical version id names an
// item, so one version has one id.
func TestItemIDRefusesOtherSpellings(t *testing.T) {
	good := enc.CID([]byte("a version"))
	if _, err := IDFromVersionID(good); err != nil {
		t.Fatalf("%s: %v", good, err)
	}
	// The last character holds 4 unused bits: a canonical one is 'a' or 'q'.
	trailing := good[:len(good)-1] + map[string]string{"a": "b", "q": "r"}[good[len(good)-1:]]
	for _, s := range []string{"", good[1:], "B" + good[1:], strings.ToUpper(good), good + "a", trailing} {
		if _, err := IDFromVersionID(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
