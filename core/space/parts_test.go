package space

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
)

const (
	alice   = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"
	chessID = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
)

func js(t testing.TB, s string) any {
	t.Helper()
	v, err := cjson.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func TestSucceedKeyVector(t *testing.T) {
	b, err := os.ReadFile("testdata/keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []struct{ Successor, Record_key string }
	}
	if err := json.Unmarshal(b, &f); err != nil || len(f.Vectors) == 0 {
		t.Fatal(err)
	}
	for _, v := range f.Vectors {
		if got := SucceedKey(v.Successor); got != v.Record_key {
			t.Errorf("SucceedKey = %s, want %s", got, v.Record_key)
		}
	}
}

func TestParseSucceed(t *testing.T) {
	key := SucceedKey(chessID)
	if id, err := ParseSucceed(js(t, `{"space":"`+chessID+`"}`), key); err != nil || id != chessID {
		t.Fatal(id, err)
	}
	bad := []struct{ body, key string }{
		{`{"space":"` + chessID + `"}`, "succeed:0000"},
		{`{"space":"bxyz"}`, key},
		{`{"space":"` + chessID + `","why":"x"}`, key},
		{`{}`, key},
		{`[]`, key},
	}
	for _, c := range bad {
		if _, err := ParseSucceed(js(t, c.body), c.key); !errors.Is(err, ErrSucceed) {
			t.Errorf("%s at %s: %v", c.body, c.key, err)
		}
	}
}

// TestIsSuccessor: 03 §2.7 — a successor only when its constitution says
// succeeds: <this id> and a standing sys.succeed names it; neither alone.
func TestIsSuccessor(t *testing.T) {
	vs := loadConstitutions(t)
	coop, err := ParseSpace([]byte(strings.Replace(vs[2].Constitution, "{", `{"id":"`+vs[2].ID+`",`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string][]string{coop.ID: {alice}}
	if !IsSuccessor(coop, chessID, named) {
		t.Error("both hold, not a successor")
	}
	if IsSuccessor(coop, chessID, map[string][]string{}) {
		t.Error("constitution alone made it a successor")
	}
	if IsSuccessor(coop, vs[1].ID, map[string][]string{coop.ID: {alice}}) {
		t.Error("a succeed naming it made it a successor of a space it does not succeed")
	}
	if IsSuccessor(nil, chessID, named) {
		t.Error("nil")
	}
}

func TestCheckRelays(t *testing.T) {
	good := []string{
		`[]`,
		`["wss://relay.example"]`,
		`["nostr+wss://relay.example/path","wss://relay.example:443"]`,
		`["ws://localhost:8080","ws://127.0.0.1","ws://[::1]:9/x"]`,
	}
	for _, g := range good {
		if _, err := CheckRelays(js(t, g)); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
	long := `"wss://` + strings.Repeat("a", 195) + `"`
	bad := []string{
		`{}`, `"wss://a"`,
		`["wss://a","wss://a"]`,
		`["https://relay.example"]`,
		`["ws://relay.example"]`,
		`["ws://10.0.0.1"]`,
		`["wss://"]`,
		`["Nostr+wss://relay.example"]`,
		`["wss://relay .example"]`,
		`["ws://localhost:123456"]`,
		`["ws://localhost.example"]`,
		`[1]`,
		`[` + long + `]`,
		`["wss://a1","wss://a2","wss://a3","wss://a4","wss://a5","wss://a6","wss://a7","wss://a8","wss://a9"]`,
	}
	for _, b := range bad {
		if _, err := CheckRelays(js(t, b)); !errors.Is(err, ErrRelays) {
			t.Errorf("%s accepted (%v)", b, err)
		}
	}
	if _, err := ParseRelays(js(t, `{"relays":["wss://a"],"cutoff":{}}`)); err != nil {
		t.Error(err)
	}
	if _, err := ParseRelays(js(t, `{"relays":["wss://a"],"x":1}`)); err == nil {
		t.Error("extra member accepted")
	}
}

func TestCheckKeepers(t *testing.T) {
	k, err := ParseKeepers(js(t, `{"keepers":[{"did":"did:key:zA","name":"home"}],"copies":2}`))
	if err != nil || len(k.Keepers) != 1 || k.Copies == nil || *k.Copies != 2 {
		t.Fatal(k, err)
	}
	if k, err := ParseKeepers(js(t, `{"keepers":[],"copies":null}`)); err != nil || k.Copies != nil {
		t.Fatal(k, err)
	}
	many := make([]string, 17)
	for i := range many {
		many[i] = `{"did":"did:key:z` + string(rune('a'+i)) + `","name":""}`
	}
	bad := []string{
		`{"keepers":[]}`,
		`{"keepers":[],"copies":0}`,
		`{"keepers":[],"copies":17}`,
		`{"keepers":[],"copies":1.5}`,
		`{"keepers":[],"copies":"2"}`,
		`{"keepers":[{"did":"did:web:x","name":"a"}],"copies":null}`,
		`{"keepers":[{"did":"did:key:zA","name":"a"},{"did":"did:key:zA","name":"b"}],"copies":null}`,
		`{"keepers":[{"did":"did:key:zA","name":"` + strings.Repeat("n", 81) + `"}],"copies":null}`,
		`{"keepers":[{"did":"did:key:z` + strings.Repeat("A", 192) + `","name":"a"}],"copies":null}`,
		`{"keepers":[{"did":"did:key:zA"}],"copies":null}`,
		`{"keepers":[{"did":"did:key:zA","name":"a","x":1}],"copies":null}`,
		`{"keepers":[` + strings.Join(many, ",") + `],"copies":null}`,
		`{"keepers":{},"copies":null}`,
	}
	for _, b := range bad {
		if _, err := ParseKeepers(js(t, b)); !errors.Is(err, ErrKeepers) {
			t.Errorf("%s accepted (%v)", b, err)
		}
	}
}

func TestProfiles(t *testing.T) {
	point := "AwFM-6h0Js6WTFMPqM9EDDkDHknhhgfst2aD-fROgWoV" // 01's contact key vector
	p, err := ParseProfile(js(t, `{"name":"Alice","contactKey":"`+point+`","avatar":{"x":1}}`))
	if err != nil || p.Name != "Alice" || p.ContactKey != point {
		t.Fatal(p, err)
	}
	for _, b := range []string{`{}`, `{"name":1}`, `{"name":"a","contactKey":"AAAA"}`, `{"name":"a","contactKey":5}`, `"a"`} {
		if _, err := ParseProfile(js(t, b)); !errors.Is(err, ErrProfile) {
			t.Errorf("%s accepted", b)
		}
	}
	key := ProfileKey(alice)
	if key != "profile:6f84748d0060d75ec4767c101275af7b2e7c4ab1" {
		t.Fatalf("ProfileKey %s", key)
	}
	if !ProfileCounts(key, alice) || ProfileCounts(key, "did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB") {
		t.Fatal("ProfileCounts")
	}
}

func payload(cmd, pol string) string {
	return `{"iss":"` + alice + `","aud":"role:member","sub":"` + chessID + `","cmd":"` + cmd + `","pol":` + pol + `,"nonce":"AAECAwQFBgcICQoL"}`
}

func TestParseDefinition(t *testing.T) {
	body := `{"name":"member","title":"Member","grants":[` + payload("/record/write", `[["==",".collection","app.chess"]]`) + `],"nests":["guest"]}`
	d, err := ParseDefinition(js(t, body), "role:member", alice, chessID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "member" || d.Title != "Member" || len(d.Grants) != 1 || d.Nests[0] != "guest" {
		t.Fatalf("%+v", d)
	}
	if !d.Grants[0].Fits(CmdRecordWrite, RecordWriteArgs("app.chess", true, nil)) {
		t.Fatal("grant does not fit")
	}
	if d2, err := ParseDefinition(js(t, `{"name":"member","grants":[]}`), "role:member", alice, chessID); err != nil || d2.Nests == nil {
		t.Fatal("empty definition", err)
	}
	bad := []struct{ name, body, key string }{
		{"wrong key", body, "role:admin"},
		{"extra member", `{"name":"member","grants":[],"rank":1}`, "role:member"},
		{"grants missing", `{"name":"member"}`, "role:member"},
		{"bare grant", `{"name":"member","grants":[{"cmd":"/","pol":[]}]}`, "role:member"},
		{"exp present", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), `"nonce"`, `"exp":null,"nonce"`, 1) + `]}`, "role:member"},
		{"nbf present", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), `"nonce"`, `"nbf":1,"nonce"`, 1) + `]}`, "role:member"},
		{"iss another", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), alice, "did:key:zX", 1) + `]}`, "role:member"},
		{"aud another role", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), "role:member", "role:admin", 1) + `]}`, "role:member"},
		{"sub another space", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), chessID, "bx", 1) + `]}`, "role:member"},
		{"no nonce", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), `,"nonce":"AAECAwQFBgcICQoL"`, "", 1) + `]}`, "role:member"},
		{"meta not object", `{"name":"member","grants":[` + strings.Replace(payload("/", "[]"), `"nonce"`, `"meta":1,"nonce"`, 1) + `]}`, "role:member"},
		{"bad policy", `{"name":"member","grants":[` + payload("/", `[["=",".a",1]]`) + `]}`, "role:member"},
		{"nests itself", `{"name":"member","grants":[],"nests":["member"]}`, "role:member"},
	}
	for _, c := range bad {
		if _, err := ParseDefinition(js(t, c.body), c.key, alice, chessID); !errors.Is(err, ErrDefinition) {
			t.Errorf("%s: accepted (%v)", c.name, err)
		}
	}
	g := Grant{Cmd: "/role/assign", Pol: mustPol(t, `[["==",".role","x"]]`)}
	pv := GrantPayload(g, alice, chessID, "admin", "bm9uY2U")
	back, err := ParseGrantPayload(pv, alice, chessID, "admin")
	if err != nil || back.Key() != g.Key() {
		t.Fatal("GrantPayload does not read back", err)
	}
}

func mustPol(t testing.TB, s string) policy.Policy {
	p, err := policy.ParseJSON([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
