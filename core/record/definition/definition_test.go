package definition

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
)

// vote is Weave's std.vote definition with minca's rules (§6.1 example).
const vote = `{"name":"std.vote","title":"Vote","description":"A vote on a poll.",
 "schema":{"type":"object","properties":{"choice":{"type":"integer","minimum":0,
   "x-choicesFrom":{"rel":"about","field":"options"}}},"required":["choice"]},
 "version":1,
 "links":{"about":{"to":["std.poll"],"cardinality":"one","description":"The poll voted on"}},
 "rules":{"onePer":["@author","link:about"],"fixed":["choice"]}}`

func parse(t *testing.T, s string) any {
	t.Helper()
	v, err := cjson.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func TestParseVote(t *testing.T) {
	d, err := Parse(parse(t, vote))
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "std.vote" || d.Version != 1 || d.Links["about"].Cardinality != "one" ||
		len(d.Rules.OnePer) != 2 || !d.Rules.NeedsRetain() || d.RetainsAll() {
		t.Errorf("%+v", d)
	}
}

// TestDefinitionRules changes one member of a valid definition at a time.
func TestDefinitionRules(t *testing.T) {
	cases := []struct {
		name, member, value string // value "" deletes the member
		ok                  bool
	}{
		{"no name", "name", "", false},
		{"sys name", "name", `"sys.thing"`, false},
		{"one-part name", "name", `"vote"`, false},
		{"no schema", "schema", "", false},
		{"schema not object", "schema", `true`, false},
		{"no version", "version", "", false},
		{"version 0", "version", `0`, false},
		{"version 1.5", "version", `1.5`, false},
		{"history all", "history", `"all"`, true},
		{"history other", "history", `"some"`, false},
		{"title number", "title", `1`, false},
		{"unknown member", "owner", `"x"`, false},
		{"contract object", "contract", `{"check":"x"}`, true},
		{"contract string", "contract", `"x"`, false},
		{"links to any", "links", `{"about":{"to":"*"}}`, true},
		{"links to empty", "links", `{"about":{"to":[]}}`, false},
		{"links no to", "links", `{"about":{}}`, false},
		{"links bad rel", "links", `{"About":{"to":"*"}}`, false},
		{"links bad cardinality", "links", `{"about":{"to":"*","cardinality":"two"}}`, false},
		{"links extra", "links", `{"about":{"to":"*","x":1}}`, false},
		{"permissions", "permissions", `["moderate"]`, true},
		{"permissions bad", "permissions", `["Moderate"]`, false},
		{"topics", "topics", `["channel","a.b.c.d"]`, true},
		{"topics 5 deep", "topics", `["a.b.c.d.e"]`, false},
		{"topics repeated", "topics", `["a","a"]`, false},
		{"topics 9", "topics", `["a","b","c","d","e","f","g","h","i"]`, false},
		{"network without screen", "network", `["https://api.example.com"]`, false},
		{"screen blank", "screen", `"  "`, false},
		{"screen", "screen", `"<p>hi</p>"`, true},
		{"rules final", "rules", `{"final":true}`, true},
		{"rules final false", "rules", `{"final":false}`, false},
		{"rules edit (Weave's)", "rules", `{"edit":"creator"}`, false},
		{"rules check (moved to contracts)", "rules", `{"check":{}}`, false},
		{"rules onePer empty", "rules", `{"onePer":[]}`, false},
		{"rules onePer bad link", "rules", `{"onePer":["link:A b"]}`, false},
		{"rules fixed repeated", "rules", `{"fixed":["a","a"]}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, vote).(map[string]any)
			if c.value == "" {
				delete(m, c.member)
			} else {
				m[c.member] = parse(t, c.value)
			}
			_, err := Parse(m)
			if c.ok != (err == nil) {
				t.Fatalf("ok=%v, got %v", c.ok, err)
			}
			if err != nil && !errors.Is(err, ErrInvalid) {
				t.Errorf("want ErrInvalid, got %v", err)
			}
		})
	}
	withScreen := parse(t, vote).(map[string]any)
	withScreen["screen"] = "<p>x</p>"
	withScreen["network"] = parse(t, `["https://api.open-meteo.com","wss://relay.example:8443"]`)
	if _, err := Parse(withScreen); err != nil {
		t.Errorf("screen with network: %v", err)
	}
	withScreen["network"] = parse(t, `["http://api.example.com"]`)
	if _, err := Parse(withScreen); err == nil {
		t.Error("http origins must be refused")
	}
	withScreen["screen"] = strings.Repeat("x", MaxScreenBytes+1)
	delete(withScreen, "network")
	if _, err := Parse(withScreen); err == nil {
		t.Error("a screen over 48 KiB must be refused")
	}
}

func TestSchemaSubset(t *testing.T) {
	cases := map[string]bool{
		`{}`:                                   true,
		`{"type":["string","null"]}`:           true,
		`{"type":"date"}`:                      false,
		`{"type":[]}`:                          false,
		`{"properties":{"a":{"pattern":"x"}}}`: false,
		`{"items":{"$ref":"#"}}`:               false,
		`{"items":{"type":"string","maxLength":3}}`: true,
		`{"enum":[]}`:                                         false,
		`{"const":{"any":[1]}}`:                               true,
		`{"minimum":"0"}`:                                     false,
		`{"additionalProperties":{}}`:                         false,
		`{"additionalProperties":false}`:                      true,
		`{"oneOf":[{"const":1,"title":"One"}]}`:               true,
		`{"oneOf":[{"type":"string"}]}`:                       false,
		`{"oneOf":[{"const":1,"x":"y"}]}`:                     false,
		`{"x-choicesFrom":{"rel":"about"}}`:                   false,
		`{"x-choicesFrom":{"rel":"about","field":"options"}}`: true,
		`{"format":"email"}`:                                  false,
		`{"anyOf":[{}]}`:                                      false,
		`{"required":["a",1]}`:                                false,
	}
	for s, ok := range cases {
		err := CheckSchema(parse(t, s).(map[string]any))
		if ok != (err == nil) {
			t.Errorf("%s: ok=%v, got %v", s, ok, err)
		}
	}
}

func TestFromVersion(t *testing.T) {
	body := parse(t, vote)
	v := &record.Version{Collection: CollectionDefinitions, Key: record.CollectionKey("std.vote"), HasBody: true, Body: body}
	if _, err := FromVersion(v, body); err != nil {
		t.Fatal(err)
	}
	wrongKey := *v
	wrongKey.Key = record.CollectionKey("std.poll")
	deleted := *v
	deleted.Deleted = true
	other := *v
	other.Collection = "app.x"
	for name, w := range map[string]*record.Version{"wrong key": &wrongKey, "deleted": &deleted, "not sys.collection": &other} {
		if _, err := FromVersion(w, body); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: want ErrInvalid, got %v", name, err)
		}
	}
}

// FuzzParseDefinition: Parse never panics on any JSON body.
func FuzzParseDefinition(f *testing.F) {
	f.Add([]byte(vote))
	f.Add([]byte(`{"name":"a.b","schema":{"properties":{"x":{"items":{"oneOf":[{"const":null}]}}}},"version":1,"rules":{"final":true}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := cjson.Parse(b)
		if err != nil {
			return
		}
		d, err := Parse(v)
		if err == nil && (d.Name == "" || d.Version < 1 || d.Schema == nil) {
			t.Fatalf("took an incomplete definition %+v", d)
		}
	})
}
