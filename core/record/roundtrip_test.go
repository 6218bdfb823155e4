package record

import (
	"bytes"
	"errors"
	"testing"
)

// TestRoundTrip: sign, marshal, parse, verify, marshal again: same bytes.
func TestRoundTrip(t *testing.T) {
	s := keyFromSeed(t, 7)
	if s.DID() != seed07DID {
		t.Fatalf("seed 07 key is %s, want %s", s.DID(), seed07DID)
	}
	full := draftAt(3, idA)
	full.Seq, full.Prev, full.Genesis = 2, idA, idB
	full.Proof = noteFor(seed07DID, seed07DID, 2e9)
	full.Retain = true
	full.Links = []Link{{"about", "list.groceries"}}
	full.Tags = []string{"Hh5Cwzt8mQlIfYWE_cPjkA"}
	full.Files, full.HasFiles = []any{map[string]any{"hash": "5e2bf57d3f40c4b6df69daf1936cb766f832374b4fc0259a7cbff06e2f70f269", "size": 812345.0}}, true
	full.Unknown = map[string]any{"x-future": map[string]any{"a": []any{1.5, nil, "é\u2028"}}}
	del := draftAt(1, idA)
	del.Seq, del.Prev, del.Genesis, del.Deleted, del.Seen = 1, idA, idA, true, []string{}
	for name, d := range map[string]*Version{"plain": draftAt(0, ""), "every member": full, "delete": del} {
		t.Run(name, func(t *testing.T) {
			v := mustSign(t, d, s)
			b, err := Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseBytes(b)
			if err != nil {
				t.Fatalf("parse %s: %v", b, err)
			}
			if err := Verify(back); err != nil {
				t.Fatalf("verify: %v", err)
			}
			again, _ := Marshal(back)
			if !bytes.Equal(b, again) {
				t.Fatalf("bytes moved:\n%s\n%s", b, again)
			}
			stub, _ := Marshal(back.Stub())
			sb, err := ParseBytes(stub)
			if err != nil || VerifySignature(sb) != nil || sb.ID != v.ID {
				t.Fatalf("stub: %v", err)
			}
		})
	}
}

// TestUnknownMembersAreSigned: changing a member this package does not know
// changes the id, so it cannot be altered in transit.
func TestUnknownMembersAreSigned(t *testing.T) {
	d := draftAt(0, "")
	d.Unknown = map[string]any{"x-new": "a"}
	v := mustSign(t, d, keyFromSeed(t, 7))
	m := wireCopy(t, v)
	m["x-new"] = "b"
	w, err := Parse(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(w); !errors.Is(err, ErrID) {
		t.Errorf("want ErrID, got %v", err)
	}
}

func TestSignRefusesBadDrafts(t *testing.T) {
	s := keyFromSeed(t, 7)
	noBody := draftAt(0, "")
	noBody.HasBody = false
	if _, err := Sign(noBody, s); err == nil {
		t.Error("a version that is not a delete needs a body")
	}
	noLog := draftAt(0, "")
	noLog.Log = nil
	if _, err := Sign(noLog, s); !errors.Is(err, ErrShape) {
		t.Errorf("want ErrShape, got %v", err)
	}
	d := draftAt(0, "")
	if _, err := Sign(d, s); err != nil || d.ID != "" || d.Author != "" {
		t.Error("Sign must leave the draft alone")
	}
}

func TestTakenFiles(t *testing.T) {
	h := func(c byte) string { return string(bytes.Repeat([]byte{c}, 64)) }
	entry := func(hash string, size any) map[string]any { return map[string]any{"hash": hash, "size": size} }
	list := []any{
		entry(h('a'), 1.0),          // taken
		"junk",                      // not an object
		entry(h('a'), 2.0),          // repeats a hash
		entry(h('A'), 5.0),          // upper-case hex
		entry(h('b'), 0.0),          // size 0
		entry(h('c'), 2147483649.0), // over 2^31
		entry(h('d'), 1.5),          // not an integer
		entry(h('e'), "2"),          // size a string
		entry(h('f'), 2147483648.0), // taken: 2^31
	}
	v := &Version{Files: list, HasFiles: true}
	got := TakenFiles(v)
	if len(got) != 2 || got[0] != (File{h('a'), 1}) || got[1] != (File{h('f'), 1 << 31}) {
		t.Fatalf("taken %+v", got)
	}
	for c := byte('0'); c <= '9'; c++ {
		list = append(list, entry(h(c), 10.0), entry(h(c), 11.0))
	}
	for c := byte('a'); c <= 'e'; c++ {
		list = append(list, entry(h(c)[:63]+"0", 3.0))
	}
	if n := len(TakenFiles(&Version{Files: list, HasFiles: true})); n != MaxFilesTaken {
		t.Errorf("took %d, at most %d", n, MaxFilesTaken)
	}
	v.Deleted = true
	if TakenFiles(v) != nil {
		t.Error("a delete takes no files")
	}
	if TakenFiles(&Version{Files: "x", HasFiles: true}) != nil {
		t.Error("files that are not an array give none")
	}
}

func TestCollectionNames(t *testing.T) {
	good := []string{"app.todo.item", "std.contact-request", "sys.role", "a.b", "app.x1"}
	bad := []string{"", "app", "App.todo", "app..x", "app.", ".app", "app.1x", "app/todo.x", "app.todo_item", "app.-x"}
	for _, n := range good {
		if err := ValidCollectionName(n); err != nil {
			t.Errorf("%q: %v", n, err)
		}
	}
	for _, n := range bad {
		if ValidCollectionName(n) == nil {
			t.Errorf("%q must be refused", n)
		}
	}
	if ValidDefinableName("sys.role") == nil || ValidDefinableName("app.chat") != nil {
		t.Error("definitions may not name sys.* collections")
	}
	long := "a." + string(bytes.Repeat([]byte{'b'}, 127))
	if ValidCollectionName(long) == nil {
		t.Error("longer than 128 must be refused")
	}
}

func TestAccessCollectionOf(t *testing.T) {
	cases := map[string]string{
		AssignKey(seed07DID, "editor"): "sys.assign", RoleKey("editor"): "sys.role",
		KeySpaceKey: "sys.key", KeyRelays: "sys.relays", KeyKeepers: "sys.keepers",
		ForkKey(seed07DID): "sys.fork", CollectionKey("app.chat"): "sys.collection",
		RevokeKey(seed07DID, seed07DID): "sys.revoke", SucceedKey(testSpace): "sys.succeed",
		testKey: "", ProfileKey(seed07DID): "", KeyCarryClosed: "",
	}
	for k, want := range cases {
		got, ok := AccessCollectionOf(k)
		if got != want || ok != (want != "") {
			t.Errorf("%s: %q %v, want %q", k, got, ok, want)
		}
		if want != "" && !IsAccessCollection(want) {
			t.Errorf("%s is an access collection", want)
		}
	}
	if IsAccessCollection("sys.profile") || IsAccessCollection(CollectionInvitation) {
		t.Error("sys.profile and sys.invitation are not access collections")
	}
}

func TestNewKey(t *testing.T) {
	k, err := NewKey(bytes.NewReader(bytes.Repeat([]byte{0x61}, 16)))
	if err != nil || len(k) != 26 || ValidKey(k) != nil {
		t.Fatalf("fresh key %q: %v", k, err)
	}
	if k != "mfqwcylbmfqwcylbmfqwcylbme" {
		t.Errorf("fresh key %q", k)
	}
	if _, err := NewKey(bytes.NewReader(nil)); err == nil {
		t.Error("no randomness must fail")
	}
	ok, err := NewOwnedKey(seed07DID, bytes.NewReader(make([]byte, 16)))
	if err != nil || !OwnedBy(ok, seed07DID) {
		t.Errorf("owned fresh key %q: %v", ok, err)
	}
}

func TestIntakeOrder(t *testing.T) {
	entries := []any{"x", map[string]any{"collection": 1.0}, map[string]any{"collection": "app.a"}, nil,
		map[string]any{"collection": "sys.collection"}}
	if got := TakeEntries(entries); len(got) != 2 || got[0]["collection"] != "app.a" {
		t.Errorf("taken %v", got)
	}
	vs := []*Version{
		{ID: idB, Seq: 1, Collection: "app.a"}, {ID: idA, Seq: 1, Collection: "app.a"},
		{ID: idB, Seq: 0, Collection: "app.a"}, {ID: idB, Seq: 3, Collection: "sys.collection"},
	}
	SortForIntake(vs)
	if vs[0].Collection != "sys.collection" || vs[1].Seq != 0 || vs[2].ID != idB || vs[3].ID != idA {
		t.Errorf("order %v %v %v %v", vs[0], vs[1], vs[2], vs[3])
	}
}

func TestUnknownCannotShadowKnown(t *testing.T) {
	d := draftAt(0, "")
	d.Unknown = map[string]any{"seq": 5.0}
	if _, err := Sign(d, keyFromSeed(t, 7)); !errors.Is(err, ErrShape) {
		t.Errorf("want ErrShape, got %v", err)
	}
}
