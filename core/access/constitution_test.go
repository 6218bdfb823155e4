package access

import (
	"encoding/json"
	"os"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/space"
)

// The constitutions of 03 §1.2 (testdata/constitutions.json, from
// vectors.json), read by core/space and replayed.

const founderDID = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"

func loadConstitution(t *testing.T, name string) Genesis {
	t.Helper()
	raw, err := os.ReadFile("testdata/constitutions.json")
	if err != nil {
		t.Fatal(err)
	}
	var vecs []struct{ Name, Constitution, ID string }
	if err := json.Unmarshal(raw, &vecs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vecs {
		if v.Name != name {
			continue
		}
		parsed, err := cjson.Parse([]byte(v.Constitution))
		if err != nil {
			t.Fatal(err)
		}
		c, err := space.ParseConstitution(parsed)
		if err != nil {
			t.Fatal(err)
		}
		id, err := c.ID()
		if err != nil || id != v.ID {
			t.Fatalf("%s: id %s (%v), want %s", name, id, err, v.ID)
		}
		g := Genesis{SpaceID: id, Founders: c.Founders, Assigned: c.Assigned, Private: c.Private(),
			KeyID: c.EncryptionKeyID, ReadKey: c.ReadKey}
		for _, r := range c.Roles {
			fr := FoundingRole{Name: r.Name, Title: r.Title, Nests: r.Nests}
			for _, gr := range r.Grants {
				fr.Grants = append(fr.Grants, Grant{Cmd: gr.Cmd, Pol: gr.Pol.Raw()})
			}
			g.Roles = append(g.Roles, fr)
		}
		return g
	}
	t.Fatalf("no constitution %s", name)
	return Genesis{}
}

// byFounder is a builder event by the account of §1.2's examples.
func (b *builder) byFounder(name string, e Event, seen ...string) Event {
	b.t.Helper()
	e = b.ev(name, "founder", e, seen...)
	b.evs[len(b.evs)-1].Root = founderDID
	e.Root = founderDID
	return e
}

// The chess club: one founder; editors may do anything to records, define
// collections and assign editor — and nothing else.
func TestChessClub(t *testing.T) {
	b := newBuilder(t, Genesis{})
	b.g = loadConstitution(t, "constitution-public-chess-club")
	b.ids["G"] = b.g.SpaceID
	b.byFounder("bob-editor", assign("bob", "editor"), "G")
	b.ev("bob-carol", "bob", assign("carol", "editor"), "bob-editor")
	b.ev("bob-defines", "bob", define("app.chess"), "bob-editor")
	b.ev("bob-removes", "bob", remove("carol"), "bob-carol")
	b.ev("bob-admin", "bob", assign("dave", "admin"), "bob-editor")
	b.ev("carol-edits", "carol", define("app.chess"), "bob-carol", "bob-defines")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-carol", Applied, "")
		wantStatus(t, h, b, "bob-defines", Applied, "")
		wantStatus(t, h, b, "bob-removes", Dropped, Refused)
		wantStatus(t, h, b, "bob-admin", Dropped, Refused)
		wantStatus(t, h, b, "carol-edits", Applied, "")
		cur := h.Current()
		if def, ok, _ := cur.Definition("app.chess"); !ok || def.DefinedBy != did("bob") {
			t.Errorf("app.chess %+v", def)
		}
		if !cur.May(did("carol"), "/record/write", map[string]any{"collection": "app.chess"}) || cur.May(did("carol"), CmdKeyChange, map[string]any{}) {
			t.Error("an editor may write records and not change keys")
		}
		if got := cur.Snapshot().Roles["editor"]; len(got) != 1 || got[0].Title != "Editor" || got[0].Event != b.g.SpaceID {
			t.Errorf("editor %+v", got)
		}
	})
}

// The bike co-op: top: none; the constitution's steward may do anything,
// and, with no founders, may itself be removed by another steward.
func TestBikeCoop(t *testing.T) {
	b := newBuilder(t, Genesis{})
	b.g = loadConstitution(t, "constitution-bike-coop")
	b.ids["G"] = b.g.SpaceID
	b.byFounder("bob-steward", assign("bob", "steward"), "G")
	b.ev("bob-removes-creator", "bob", remove("founder"), "bob-steward")
	b.evs[len(b.evs)-1].DID = founderDID
	b.byFounder("creator-relays", Event{Kind: KindRelays, Relays: []string{"wss://bikes.example"}}, "bob-steward")
	b.ev("bob-succeeds", "bob", succeed("bnextcoop"), "bob-removes-creator")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-removes-creator", Applied, "")
		wantStruck(t, h, b, "creator-relays", StruckByReduction)
		wantStatus(t, h, b, "bob-succeeds", Applied, "")
		cur := h.Current()
		if cur.IsMember(founderDID) || len(cur.Founders()) != 0 {
			t.Error("under top: none the creator is removed like anyone")
		}
	})
}

// §2.3 "Members may delete their own moves".
func TestMembersDeleteTheirOwnMoves(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("member", grant("/record/delete", eq(".collection", "app.chess"), eq(".byCreator", true)))))
	b.ev("bob", "alice", assign("bob", "member"), "G")
	s := b.replay().Current()
	for _, c := range []struct {
		args map[string]any
		want bool
	}{
		{map[string]any{"collection": "app.chess", "byCreator": true}, true},
		{map[string]any{"collection": "app.chess", "byCreator": false}, false},
		{map[string]any{"collection": "app.go", "byCreator": true}, false},
	} {
		if got := s.May(did("bob"), "/record/delete", c.args); got != c.want {
			t.Errorf("delete %v: %v, want %v", c.args, got, c.want)
		}
	}
	if s.May(did("bob"), "/record/write", map[string]any{"collection": "app.chess", "byCreator": true}) {
		t.Error("a grant of /record/delete does not cover /record/write")
	}
}
