package judge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/record/definition"
)

// The tag and onePer vectors of 02 §7.3 and §8.3 (testdata/rules-vectors.json).
func TestRuleVectors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "rules-vectors.json"))
	must(t, err)
	var vs struct {
		TopicTags []struct {
			IKMPrefix, Label, Space, Collection, Field, Value, Tag string
		}
		OnePer []struct {
			Collection string
			Parts      []string
			Root       string
			Links      []struct{ Rel, To string }
			OneKey     string
		}
	}
	must(t, json.Unmarshal(b, &vs))
	for _, v := range vs.TopicTags {
		key, err := identity.HKDF([]byte(v.IKMPrefix+v.Space), v.Label, 32)
		must(t, err)
		tag, err := definition.Tag(key, v.Collection, v.Field, v.Value)
		must(t, err)
		if tag != v.Tag {
			t.Errorf("tag under %s: %s, want %s", v.Label, tag, v.Tag)
		}
	}
	for _, v := range vs.OnePer {
		var links []record.Link
		for _, l := range v.Links {
			links = append(links, record.Link{Rel: l.Rel, To: l.To})
		}
		key, err := definition.OnePerKey(v.Collection, v.Parts, v.Root, map[string]any{}, links, nil)
		if err != nil || key != record.OwnerPart(v.Root)+v.OneKey || record.ValidKey(key) != nil {
			t.Errorf("onePer key %q, want %q after the owner part", key, v.OneKey)
		}
	}
}

func TestTopicValues(t *testing.T) {
	body := map[string]any{"channel": "design", "mentions": []any{"a", float64(2), map[string]any{}, true},
		"meta": map[string]any{"room": map[string]any{"id": "r1"}}, "list": []any{map[string]any{"x": "y"}}}
	for path, want := range map[string]int{"channel": 1, "mentions": 3, "meta.room.id": 1, "meta.room": 0,
		"list.x": 0, "missing": 0, "channel.deeper": 0} {
		if got := len(definition.TopicValues(body, path)); got != want {
			t.Errorf("%s: %d values, want %d", path, got, want)
		}
	}
}

// Step 11, tags (02 §8.4): recomputed under the topics in force; with none,
// no tag is allowed; in a private space, only a peer holding the key checks.
func TestStandingStep11Tags(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	def := w.define(alice, "app.chat", nil, aB)
	topics := w.change(alice, "sys.collection", record.CollectionKey("app.wiki"), map[string]any{"name": "app.wiki",
		"schema": map[string]any{}, "version": float64(1), "topics": []any{"channel"}}, def)
	key, err := definition.PublicTagKey(w.sp.ID)
	must(t, err)
	tag, err := definition.Tag(key, "app.wiki", "channel", "design")
	must(t, err)
	tagged := func(collection, rkey string, tags []string, seen string) *record.Version {
		return w.sign(bob, &record.Version{Collection: collection, Key: rkey, HasBody: true, Tags: tags,
			Body: map[string]any{"channel": "design", "text": "hi"}, Seen: []string{seen}})
	}
	wantAnswer(t, w.standing().Judge(tagged("app.wiki", "w1", []string{tag}, topics)), record.Stands, nil)
	wantAnswer(t, w.standing().Judge(tagged("app.wiki", "w2", nil, topics)), record.Refused, ErrRules)
	wrong, _ := definition.Tag(key, "app.wiki", "channel", "random")
	wantAnswer(t, w.standing().Judge(tagged("app.wiki", "w3", []string{wrong}, topics)), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(tagged("app.chat", "c1", []string{tag}, def)), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(tagged("app.chat", "c2", nil, def)), record.Stands, nil)
}

func TestStandingStep11TagsPrivate(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	k := newSpaceKey(t, make([]byte, 32))
	w := newPrivateWorld(t, founders(alice), k)
	aB := w.assign(alice, bob, "member")
	d := &record.Version{Space: w.sp.ID, Collection: "sys.collection", Key: record.CollectionKey("app.wiki"),
		Retain: true, HasBody: true, Seen: []string{aB}}
	d.Body = k.sealBody(t, d, map[string]any{"name": "app.wiki", "schema": map[string]any{}, "version": float64(1),
		"topics": []any{"channel"}})
	def := w.add(w.sign(alice, d))
	tk, err := definition.PrivateTagKey(k.raw)
	must(t, err)
	tag, err := definition.Tag(tk, "app.wiki", "channel", "design")
	must(t, err)
	body := map[string]any{"channel": "design"}
	good := &record.Version{Space: w.sp.ID, Collection: "app.wiki", Key: "w1", HasBody: true, Tags: []string{tag}, Seen: []string{def}}
	good.Body = k.sealBody(t, good, body)
	good = w.sign(bob, good)
	bad := &record.Version{Space: w.sp.ID, Collection: "app.wiki", Key: "w2", HasBody: true, Tags: []string{"AAAAAAAAAAAAAAAAAAAAAA"}, Seen: []string{def}}
	bad.Body = k.sealBody(t, bad, body)
	bad = w.sign(bob, bad)
	reader := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: keyHolder{k}}
	carrier := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: NoKey{}}
	wantAnswer(t, reader.Judge(good), record.Stands, nil)
	wantAnswer(t, reader.Judge(bad), record.Refused, ErrRules)
	wantAnswer(t, carrier.Judge(bad), record.Stands, nil)
}

// Step 11, onePer (02 §7.3): a first version's key is the one its parts
// derive, checked on seq 0 only.
func TestStandingStep11OnePer(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	def := w.define(alice, "app.wiki", map[string]any{"onePer": []any{"@author", "link:about", "choice"}}, aB)
	links := []record.Link{{Rel: "about", To: "poll1"}}
	body := map[string]any{"choice": "yes"}
	key, err := definition.OnePerKey("app.wiki", []string{"@author", "link:about", "choice"}, bob.DID(), body, links, nil)
	if err != nil || !strings.HasPrefix(key, record.OwnerPart(bob.DID())+"one:") {
		t.Fatalf("key %q", key)
	}
	vote := func(rkey string, links []record.Link, body map[string]any) *record.Version {
		return w.sign(bob, &record.Version{Collection: "app.wiki", Key: rkey, HasBody: true, Retain: true,
			Body: body, Links: links, Seen: []string{def}})
	}
	v0 := vote(key, links, body)
	wantAnswer(t, w.standing().Judge(v0), record.Stands, nil)
	wantAnswer(t, w.standing().Judge(vote("k1", links, body)), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(vote(key, nil, body)), record.Refused, ErrRules)
	wantAnswer(t, w.standing().Judge(vote(key, links, map[string]any{"choice": "no"})), record.Refused, ErrRules)
	// Later versions keep the key they have.
	wantAnswer(t, w.standing().Judge(w.next(bob, v0, map[string]any{"choice": "no"}, def)), record.Stands, nil)
}

// A first version under onePer or fixed must carry retain (02 §4.5).
func TestStandingRetainUnderRules(t *testing.T) {
	w, alice, bob, _, aB, _ := membersWorld(t)
	def := w.define(alice, "app.wiki", map[string]any{"fixed": []any{"title"}}, aB)
	loose := w.write(bob, "app.wiki", "w1", map[string]any{"title": "T"}, def)
	wantAnswer(t, w.standing().Judge(loose), record.Refused, ErrRules)
	kept := w.sign(bob, &record.Version{Collection: "app.wiki", Key: "w2", Retain: true, HasBody: true,
		Body: map[string]any{"title": "T"}, Seen: []string{def}})
	wantAnswer(t, w.standing().Judge(kept), record.Stands, nil)
}

// Step 11, onePer in a private space (02 §7.3): the key is an HMAC under
// the secret from K₀; a peer holding K₀ checks it, a carrier cannot.
func TestStandingStep11OnePerPrivate(t *testing.T) {
	alice, bob := keyOf(t, seedAlice), keyOf(t, seedBob)
	k := newSpaceKey(t, make([]byte, 32))
	w := newPrivateWorld(t, founders(alice), k)
	aB := w.assign(alice, bob, "member")
	d := &record.Version{Space: w.sp.ID, Collection: "sys.collection", Key: record.CollectionKey("app.wiki"),
		Retain: true, HasBody: true, Seen: []string{aB}}
	d.Body = k.sealBody(t, d, map[string]any{"name": "app.wiki", "schema": map[string]any{}, "version": float64(1),
		"rules": map[string]any{"onePer": []any{"@author", "choice"}}})
	def := w.add(w.sign(alice, d))
	secret, err := definition.OnePerSecret(k.raw)
	must(t, err)
	body := map[string]any{"choice": "yes"}
	keyed, err := definition.OnePerKey("app.wiki", []string{"@author", "choice"}, bob.DID(), body, nil, secret)
	must(t, err)
	public, err := definition.OnePerKey("app.wiki", []string{"@author", "choice"}, bob.DID(), body, nil, nil)
	must(t, err)
	if keyed == public {
		t.Fatalf("private onePer key %q equals the public one", keyed)
	}
	vote := func(rkey string) *record.Version {
		v := &record.Version{Space: w.sp.ID, Collection: "app.wiki", Key: rkey, HasBody: true, Retain: true, Seen: []string{def}}
		v.Body = k.sealBody(t, v, body)
		return w.sign(bob, v)
	}
	reader := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: keyHolder{k}}
	carrier := &Standing{Space: w.space(), History: w.h, Lookup: w.lookup, Opener: NoKey{}}
	wantAnswer(t, reader.Judge(vote(keyed)), record.Stands, nil)
	wantAnswer(t, reader.Judge(vote(public)), record.Refused, ErrRules)
	wantAnswer(t, carrier.Judge(vote(public)), record.Stands, nil)
}
