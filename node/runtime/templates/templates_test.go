package templates

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
)

// Every template founds a space that checkSpace (03 §1.2) accepts.
func TestTemplatesFoundSpaces(t *testing.T) {
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{1}, 16))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		tp, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := space.Create(space.Draft{Name: "x", Visibility: space.VisibilityPub,
			Founders: []string{kp.DID()}, Roles: tp.Roles,
			Assigned:  map[string][]string{kp.DID(): tp.Founder},
			CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Nonce: make([]byte, 12)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := space.CheckSpace(sp.JSON()); err != nil {
			t.Fatalf("%s: checkSpace: %v", name, err)
		}
	}
	if _, err := Get("nope"); err == nil {
		t.Fatal("unknown template accepted")
	}
}

// Each role's title is one sentence in people's words: the page shows it
// under the role, so it names no protocol term (a record, a command path).
func TestTitlesInPeoplesWords(t *testing.T) {
	for _, name := range Names() {
		tp, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range tp.Roles {
			low := strings.ToLower(r.Title)
			if strings.Contains(low, "record") || strings.Contains(low, "/") || !strings.HasSuffix(r.Title, ".") {
				t.Errorf("%s role %s: title %q is not a sentence in people's words", name, r.Name, r.Title)
			}
		}
	}
}
