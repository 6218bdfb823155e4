package definition

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/record"
)

const alice = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"

func TestOnePerKey(t *testing.T) {
	links := []record.Link{{Rel: "about", To: "poll1"}, {Rel: "about", To: "poll2"}}
	body := map[string]any{"day": "mon", "n": 1.0}
	pub, err := OnePerKey("app.x", []string{"link:about", "day"}, alice, body, links, nil)
	if err != nil || len(pub) != 44 {
		t.Fatalf("%q %v", pub, err)
	}
	same, _ := OnePerKey("app.x", []string{"link:about", "day"}, alice, map[string]any{"day": "mon"}, links[:1], nil)
	if same != pub {
		t.Error("only the named parts and the first link of a rel count")
	}
	secret, _ := OnePerSecret(bytes.Repeat([]byte{1}, 32))
	priv, _ := OnePerKey("app.x", []string{"link:about", "day"}, alice, body, links, secret)
	if priv == pub || len(priv) != 44 {
		t.Errorf("a private space's key must differ: %s", priv)
	}
	for name, parts := range map[string][]string{"no link": {"link:reply"}, "no field": {"month"}} {
		if _, err := OnePerKey("app.x", parts, alice, body, links, nil); !errors.Is(err, ErrNoKey) {
			t.Errorf("%s: want ErrNoKey, got %v", name, err)
		}
	}
	obj1, _ := OnePerKey("app.x", []string{"o"}, alice, map[string]any{"o": map[string]any{"a": 1.0, "b": 2.0}}, nil, nil)
	obj2, _ := OnePerKey("app.x", []string{"o"}, alice, map[string]any{"o": map[string]any{"b": 2.0, "a": 1.0}}, nil, nil)
	if obj1 != obj2 {
		t.Error("object values compare as canonical JSON")
	}
}

func TestRuleChecks(t *testing.T) {
	r := Rules{OnePer: []string{"@author"}, Fixed: []string{"choice"}, Final: false}
	key, _ := OnePerKey("std.vote", r.OnePer, alice, nil, nil, nil)
	first := &record.Version{ID: "b1", Collection: "std.vote", Key: key, Seq: 0, Retain: true}
	if err := CheckOnePer(r, first, alice, nil, nil, nil); err != nil {
		t.Errorf("at its key: %v", err)
	}
	if err := CheckOnePer(r, first, "did:key:zDnaeWqjSG4BrSYadheJUx2CC9zxRM6MznQb3bMEW51WEfsxn", nil, nil, nil); !errors.Is(err, ErrOnePer) {
		t.Errorf("another author's key: %v", err)
	}
	if err := CheckRetain(r, first); err != nil {
		t.Error(err)
	}
	unretained := *first
	unretained.Retain = false
	if err := CheckRetain(r, &unretained); !errors.Is(err, ErrRetain) {
		t.Errorf("want ErrRetain, got %v", err)
	}
	later := &record.Version{ID: "b2", Collection: "std.vote", Key: key, Seq: 1}
	if err := CheckOnePer(r, later, "someone else", nil, nil, nil); err != nil {
		t.Error("later versions keep their key")
	}
	was := map[string]any{"choice": 1.0, "note": "a"}
	if err := CheckFixed(r, later, map[string]any{"choice": 1.0, "note": "b"}, was); err != nil {
		t.Error(err)
	}
	if err := CheckFixed(r, later, map[string]any{"choice": 2.0}, was); !errors.Is(err, ErrFixed) {
		t.Errorf("changed: %v", err)
	}
	if err := CheckFixed(r, later, map[string]any{}, was); !errors.Is(err, ErrFixed) {
		t.Errorf("removed: %v", err)
	}
	if err := CheckFixed(r, later, map[string]any{}, map[string]any{}); err != nil {
		t.Error("absent equals absent")
	}
	del := *later
	del.Deleted = true
	if err := CheckFixed(r, &del, nil, was); err != nil {
		t.Error("a delete changes nothing fixed")
	}
	final := Rules{Final: true}
	if CheckFinal(final, first) != nil || !errors.Is(CheckFinal(final, later), ErrFinal) {
		t.Error("final refuses every seq > 0")
	}
}

func TestTags(t *testing.T) {
	key, _ := PublicTagKey("bimjoifogypbqrtuich3e375d67y43znkjsjnp4q4qhe7gwf7u74a")
	body := map[string]any{"channel": "design", "mentions": []any{"a", "b", "a", 1.0, nil, []any{}},
		"meta": map[string]any{"room": true}, "list": []any{map[string]any{"x": "y"}}}
	tags, err := Tags(key, "app.chat.message", []string{"channel", "mentions", "meta.room", "list.x", "missing"}, body)
	if err != nil || len(tags) != 5 {
		t.Fatalf("tags %v %v", tags, err)
	}
	for i := 1; i < len(tags); i++ {
		if tags[i-1] >= tags[i] {
			t.Error("tags must be sorted and distinct")
		}
	}
	if err := CheckTags(tags, key, "app.chat.message", []string{"channel", "mentions", "meta.room"}, body); err != nil {
		t.Error(err)
	}
	if err := CheckTags(tags[:4], key, "app.chat.message", []string{"channel", "mentions", "meta.room"}, body); !errors.Is(err, ErrTags) {
		t.Errorf("a tag missing: %v", err)
	}
	if err := CheckTags(tags[:1], key, "app.chat.message", nil, body); !errors.Is(err, ErrTags) {
		t.Errorf("no topics in force, any tag refused: %v", err)
	}
	if err := CheckTags(nil, key, "app.chat.message", nil, body); err != nil {
		t.Error(err)
	}
	many := map[string]any{}
	list := make([]any, 100)
	for i := range list {
		list[i] = float64(i)
	}
	many["n"] = list
	got, _ := Tags(key, "app.x", []string{"n"}, many)
	if len(got) != 64 {
		t.Errorf("at most 64 tags, got %d", len(got))
	}
}
