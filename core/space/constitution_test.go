package space

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"minca.dev/desktop/core/cjson"
)

type constitutionVector struct {
	Name         string `json:"name"`
	Constitution string `json:"constitution"`
	ID           string `json:"id"`
}

func loadConstitutions(t testing.TB) []constitutionVector {
	t.Helper()
	b, err := os.ReadFile("testdata/constitutions.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Vectors []constitutionVector }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return f.Vectors
}

// TestConstitutionVectors reproduces the ids of 03 §1.2 (and §13.1's
// registry) byte for byte, and checks each space passes checkSpace.
func TestConstitutionVectors(t *testing.T) {
	for _, v := range loadConstitutions(t) {
		t.Run(v.Name, func(t *testing.T) {
			parsed, err := cjson.Parse([]byte(v.Constitution))
			if err != nil {
				t.Fatal(err)
			}
			c, err := ParseConstitution(parsed)
			if err != nil {
				t.Fatalf("ParseConstitution: %v", err)
			}
			canon, err := c.Canonical()
			if err != nil || string(canon) != v.Constitution {
				t.Fatalf("canonical form differs: %s (%v)", canon, err)
			}
			id, err := c.ID()
			if err != nil || id != v.ID {
				t.Fatalf("id = %s, want %s (%v)", id, v.ID, err)
			}
			withID := c.Raw()
			withID["id"] = v.ID
			s, err := CheckSpace(withID)
			if err != nil {
				t.Fatalf("CheckSpace: %v", err)
			}
			if s.ID != v.ID {
				t.Fatalf("space id %s", s.ID)
			}
			b, _ := cjson.Marshal(s.JSON())
			if _, err := ParseSpace(b); err != nil {
				t.Fatalf("ParseSpace of its own JSON: %v", err)
			}
		})
	}
}

func TestConstitutionFields(t *testing.T) {
	vs := loadConstitutions(t)
	get := func(i int) *Constitution {
		v, _ := cjson.Parse([]byte(vs[i].Constitution))
		c, err := ParseConstitution(v)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	pub, priv, coop := get(0), get(1), get(2)
	if pub.Private() || !priv.Private() || coop.Private() {
		t.Error("visibility")
	}
	if !pub.HasTop() || coop.HasTop() || len(pub.Founders) != 1 {
		t.Error("top")
	}
	r, ok := pub.Role("editor")
	if !ok || r.Title != "Editor" || !r.HasTitle || len(r.Grants) != 3 || r.Nests != nil {
		t.Errorf("editor role: %+v", r)
	}
	if coop.Succeeds != vs[0].ID || coop.Assigned[pub.Founders[0]][0] != "steward" {
		t.Error("coop succeeds/assigned")
	}
	if priv.ReadKey == "" || priv.EncryptionKeyID != "bgk-m-Kq-gEGgJCOOEYNYw" {
		t.Error("private keys")
	}
}

// mutate gives the public chess club (or the co-op, from=2) with id and a
// change applied.
func mutate(t *testing.T, from int, change func(m map[string]any)) map[string]any {
	t.Helper()
	v := loadConstitutions(t)[from]
	parsed, err := cjson.Parse([]byte(v.Constitution))
	if err != nil {
		t.Fatal(err)
	}
	m := parsed.(map[string]any)
	m["id"] = v.ID
	change(m)
	return m
}

func role(name string, grants ...any) map[string]any {
	if grants == nil {
		grants = []any{}
	}
	return map[string]any{"name": name, "grants": grants}
}

// TestCheckSpaceRefusals: every rule of 03 §1.2 refuses, naming itself.
func TestCheckSpaceRefusals(t *testing.T) {
	founder := "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"
	cases := []struct {
		name   string
		from   int
		rule   int
		change func(m map[string]any)
	}{
		{"minca missing", 0, 1, func(m map[string]any) { delete(m, "minca") }},
		{"minca constitution/2", 0, 1, func(m map[string]any) { m["minca"] = "constitution/2" }},
		{"unknown resolver", 0, 2, func(m map[string]any) { m["resolver"] = "last-writer/1" }},
		{"resolver missing", 0, 2, func(m map[string]any) { delete(m, "resolver") }},
		{"unknown member", 0, 3, func(m map[string]any) { m["colour"] = "red" }},
		{"v member of weave", 0, 3, func(m map[string]any) { m["v"] = 2.0 }},
		{"name missing", 0, 4, func(m map[string]any) { delete(m, "name") }},
		{"name empty", 0, 4, func(m map[string]any) { m["name"] = "" }},
		{"name not a string", 0, 4, func(m map[string]any) { m["name"] = 3.0 }},
		{"visibility secret", 0, 4, func(m map[string]any) { m["visibility"] = "secret" }},
		{"createdAt no millis", 0, 4, func(m map[string]any) { m["createdAt"] = "2026-01-01T00:00:00Z" }},
		{"createdAt month 13", 0, 4, func(m map[string]any) { m["createdAt"] = "2026-13-01T00:00:00.000Z" }},
		{"nonce 11 bytes", 0, 4, func(m map[string]any) { m["nonce"] = "AAECAwQFBgcICQo" }},
		{"nonce padded", 0, 4, func(m map[string]any) { m["nonce"] = "AAECAwQFBgcICQoL=" }},
		{"top missing", 0, 5, func(m map[string]any) { delete(m, "top") }},
		{"top other string", 0, 5, func(m map[string]any) { m["top"] = "all" }},
		{"top extra member", 0, 5, func(m map[string]any) {
			m["top"] = map[string]any{"founders": []any{founder}, "x": true}
		}},
		{"no founders", 0, 5, func(m map[string]any) { m["top"] = map[string]any{"founders": []any{}} }},
		{"founder twice", 0, 5, func(m map[string]any) {
			m["top"] = map[string]any{"founders": []any{founder, founder}}
		}},
		{"founder not did:key", 0, 5, func(m map[string]any) {
			m["top"] = map[string]any{"founders": []any{"did:web:example.com"}}
		}},
		{"17 founders", 0, 5, func(m map[string]any) {
			l := []any{}
			for i := range 17 {
				l = append(l, founder+string(rune('a'+i)))
			}
			m["top"] = map[string]any{"founders": l}
		}},
		{"roles missing", 0, 6, func(m map[string]any) { delete(m, "roles") }},
		{"role bad name", 0, 6, func(m map[string]any) { m["roles"] = []any{role("Editor")} }},
		{"role twice", 0, 6, func(m map[string]any) { m["roles"] = []any{role("a"), role("a")} }},
		{"role extra member", 0, 6, func(m map[string]any) {
			r := role("a")
			r["rank"] = 1.0
			m["roles"] = []any{r}
		}},
		{"grant extra member", 0, 6, func(m map[string]any) {
			m["roles"] = []any{role("a", map[string]any{"cmd": "/", "pol": []any{}, "nonce": "x"})}
		}},
		{"grant bad command", 0, 6, func(m map[string]any) {
			m["roles"] = []any{role("a", map[string]any{"cmd": "record", "pol": []any{}})}
		}},
		{"grant bad policy", 0, 6, func(m map[string]any) {
			m["roles"] = []any{role("a", map[string]any{"cmd": "/", "pol": []any{[]any{"~=", ".x", 1.0}}})}
		}},
		{"role nests itself", 0, 6, func(m map[string]any) {
			r := role("a")
			r["nests"] = []any{"a"}
			m["roles"] = []any{r}
		}},
		{"65 roles", 0, 6, func(m map[string]any) {
			l := []any{}
			for i := range 65 {
				l = append(l, role("r"+string(rune('a'+i/26))+string(rune('a'+i%26))))
			}
			m["roles"] = l
		}},
		{"top none, nothing assigned", 2, 7, func(m map[string]any) { delete(m, "assigned") }},
		{"assigned empty", 2, 7, func(m map[string]any) { m["assigned"] = map[string]any{} }},
		{"assigned unknown role", 2, 7, func(m map[string]any) {
			m["assigned"] = map[string]any{founder: []any{"admin"}}
		}},
		{"assigned to non-did", 2, 7, func(m map[string]any) {
			m["assigned"] = map[string]any{"role:steward": []any{"steward"}}
		}},
		{"assigned no roles", 2, 7, func(m map[string]any) { m["assigned"] = map[string]any{founder: []any{}} }},
		{"succeeds upper case", 2, 8, func(m map[string]any) {
			m["succeeds"] = "bLM7Z6WKUMDJS43SXKI3LV27Z5X6QTWA345VMLZJCO2MXXAU3JMHQ"
		}},
		{"succeeds short", 2, 8, func(m map[string]any) { m["succeeds"] = "blm7z6wk" }},
		{"succeeds padding bits", 2, 8, func(m map[string]any) {
			m["succeeds"] = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhr"
		}},
		{"public with readKey", 0, 9, func(m map[string]any) { m["readKey"] = founder }},
		{"private without keys", 0, 9, func(m map[string]any) { m["visibility"] = "private" }},
		{"private, readKey an Ed25519 key", 1, 9, func(m map[string]any) {
			m["readKey"] = "did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp"
		}},
		{"private, readKey not base58", 1, 9, func(m map[string]any) { m["readKey"] = "did:key:zDnae0OIl" }},
		{"private, keyId 21 chars", 1, 9, func(m map[string]any) { m["encryptionKeyId"] = "bgk-m-Kq-gEGgJCOOEYNY" }},
		{"id missing", 0, 10, func(m map[string]any) { delete(m, "id") }},
		{"name changed", 0, 10, func(m map[string]any) { m["name"] = "Chess club!" }},
		{"founders changed", 0, 10, func(m map[string]any) {
			m["top"] = map[string]any{"founders": []any{"did:key:zDnaeg6p1ZY7SPhzjhtvySyPiCwi8QXRFYWw4JhXpPhctG2sB"}}
		}},
		{"grant changed", 0, 10, func(m map[string]any) {
			m["roles"] = []any{role("editor", map[string]any{"cmd": "/", "pol": []any{}})}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := CheckSpace(mutate(t, c.from, c.change))
			var r *Refusal
			if !errors.As(err, &r) || !errors.Is(err, ErrRefused) {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if r.Rule != c.rule {
				t.Fatalf("rule %d (%s), want %d", r.Rule, r.Reason, c.rule)
			}
			if r.NotJudged() != (c.rule <= 3) {
				t.Fatal("NotJudged")
			}
		})
	}
}

func TestCheckSpaceNotAnObject(t *testing.T) {
	for _, v := range []any{nil, "x", []any{}, 1.0} {
		if _, err := CheckSpace(v); err == nil {
			t.Errorf("%v accepted", v)
		}
	}
	if _, err := ParseSpace([]byte(`{"a":1,"a":2}`)); err == nil {
		t.Error("duplicate members accepted")
	}
}
