package account

import (
	"errors"
	"reflect"
	"testing"

	"minca.dev/desktop/core/record"
)

const (
	spaceA = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
	spaceB = "brsvdnrzmurfdbm6inw6sv6shuw7lheubbibawsqljsckuxrrsena"
	me     = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"
	other  = "did:key:zDnaeOther"
)

func joined(id string, seq int64, key string, m *Membership) *record.Version {
	v := &record.Version{ID: id, Collection: CollectionMembership, Key: key, Seq: seq}
	if m == nil {
		v.Deleted = true
	} else {
		v.Body, v.HasBody = m.Body(), true
	}
	return v
}

// TestMemberships: which memberships count, and which one wins at a key
// (03 §13.2).
func TestMemberships(t *testing.T) {
	a := &Membership{Space: spaceA, Invite: "invite-a"}
	a2 := &Membership{Space: spaceA, Invite: "invite-a2"}
	b := &Membership{Space: spaceB}
	keyA, keyB := record.SpaceKey(spaceA), record.SpaceKey(spaceB)
	cases := []struct {
		name string
		held []Held
		want []Membership
	}{
		{"two spaces", []Held{{joined("b1", 0, keyA, a), me}, {joined("b2", 0, keyB, b), me}}, []Membership{*a, *b}},
		{"the newer one", []Held{{joined("b1", 0, keyA, a), me}, {joined("b2", 1, keyA, a2), me}}, []Membership{*a2}},
		{"lowest id at one seq", []Held{{joined("b3", 1, keyA, a), me}, {joined("b2", 1, keyA, a2), me}}, []Membership{*a2}},
		{"left: a delete", []Held{{joined("b1", 0, keyA, a), me}, {joined("b2", 1, keyA, nil), me}}, nil},
		{"another account's root", []Held{{joined("b1", 0, keyA, a), me}, {joined("b2", 1, keyA, nil), other}}, []Membership{*a}},
		{"at another space's key", []Held{{joined("b1", 0, keyB, a), me}}, nil},
		{"a delete elsewhere", []Held{{joined("b1", 0, keyA, a), me}, {joined("b2", 1, "x:"+spaceA, nil), me}}, []Membership{*a}},
		{"another collection", []Held{{&record.Version{ID: "b1", Collection: "sys.link", Key: keyA, Body: a.Body(), HasBody: true}, me}}, nil},
	}
	for _, c := range cases {
		if got := Memberships(me, c.held); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestParseMembership: space must be a space id, invite a string.
func TestParseMembership(t *testing.T) {
	if m, err := ParseMembership(map[string]any{"space": spaceA, "invite": "i", "note": "library's"}); err != nil || m.Space != spaceA || m.Invite != "i" {
		t.Errorf("good: %v %v", m, err)
	}
	for name, body := range map[string]any{
		"not an object":   "x",
		"no space":        map[string]any{"invite": "i"},
		"space not an id": map[string]any{"space": "Bexample"},
		"invite a number": map[string]any{"space": spaceA, "invite": 1.0},
	} {
		if _, err := ParseMembership(body); !errors.Is(err, ErrMembership) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
