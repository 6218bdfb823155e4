package invite

import (
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/space"
)

// 03 §7.1: secret 00 01 … 1f → its invite DID; a secret of any other length
// is refused.
func TestInviteKeyVector(t *testing.T) {
	v := loadVector(t, "invite-key")
	secret, err := hex.DecodeString(v.In(t, "secret_hex"))
	if err != nil {
		t.Fatal(err)
	}
	if got := EncodeSecret(secret); got != v.In(t, "secret_b64u") {
		t.Errorf("base64url(secret) = %s", got)
	}
	did, err := DID(secret)
	if err != nil {
		t.Fatal(err)
	}
	if did != v.Expected["invite_did"] {
		t.Errorf("invite DID = %s, want %s", did, v.Expected["invite_did"])
	}
	for _, n := range []int{0, 16, 31, 33, 64} {
		if _, err := DID(make([]byte, n)); ReasonOf(err) != ReasonSecret {
			t.Errorf("a %d-byte secret: %v, want a %s refusal", n, err, ReasonSecret)
		}
	}
}

// 03 §3.1: the invite record's key for the §7.1 invite DID.
func TestRecordKeyVector(t *testing.T) {
	v := loadVector(t, "record-key-invite")
	if got := RecordKey(v.In(t, "hex40_input_utf8")); got != v.Expected["record_key"] {
		t.Errorf("record key = %s, want %s", got, v.Expected["record_key"])
	}
}

// 03 §7.4: the printed invitation, its note and signature cut short. What
// can be checked is: its canonical JSON in base64url starts as printed, the
// string parses (§7.6 step 1) with the §7.1 secret beside it, its id and
// proof type, its key is the §8.1 space key, its space the private chess
// club (whose expanded constitution passes checkSpace with that id) — and,
// being cut short, it does not check out.
func TestInvitationExample(t *testing.T) {
	v := loadVector(t, "invitation-example")
	text, err := os.ReadFile("testdata/invitation-example.json")
	if err != nil {
		t.Fatal(err)
	}
	val, err := cjson.Parse([]byte(strings.TrimSpace(string(text))))
	if err != nil {
		t.Fatal(err)
	}
	canon, err := cjson.Marshal(val)
	if err != nil {
		t.Fatal(err)
	}
	encoded := enc.B64URL(canon)
	if !strings.HasPrefix(encoded, v.In(t, "encoded_prefix")) {
		t.Fatalf("encoded starts %.40s, want %s", encoded, v.In(t, "encoded_prefix"))
	}
	if !strings.HasPrefix(string(canon), v.Expected["x_encoded_prefix_decoded_derived"]) {
		t.Errorf("canonical JSON starts %.30s", canon)
	}
	p, err := Parse(encoded + ".AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if string(p.Secret) != string(secret0()) {
		t.Errorf("secret = %x", p.Secret)
	}
	if p.Invitation["id"] != v.Expected["id"] {
		t.Errorf("id = %v", p.Invitation["id"])
	}
	if typ := p.Invitation["proof"].(map[string]any)["type"]; typ != v.Expected["proof_type"] {
		t.Errorf("proof type = %v", typ)
	}
	body := p.Invitation["body"].(map[string]any)
	sp, k := chessClub(t)
	if body["key"] != enc.B64URL(k) {
		t.Errorf("key = %v", body["key"])
	}
	given := body["space"].(map[string]any)
	if given["id"] != sp.ID || given["name"] != sp.Name || given["readKey"] != sp.ReadKey {
		t.Errorf("space = %v, want the private chess club %s", given["id"], sp.ID)
	}
	if _, err := Accept(p.Invitation, p.Secret); ReasonOf(err) != ReasonLoose {
		t.Errorf("accepting the cut-short example: %v, want a %s refusal", err, ReasonLoose)
	}
}

// The §7.4 example made whole: the chess club's founder's key signs a role
// invite for editor carrying the space key and the §7.1 secret. Encoded,
// parsed from a link and accepted, it previews as what was offered.
func TestChessClubInvitation(t *testing.T) {
	p := roleParams(t)
	v := mustMake(t, p)
	s, err := Encode(v, secret0())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(s, ".AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8") {
		t.Errorf("encoded invite ends %s", s[len(s)-44:])
	}
	a, err := AcceptString("https://minca.example/join#invite=" + s + "&from=mail")
	if err != nil {
		t.Fatalf("accept: %v", err)
	}
	if a.InviteDID != loadVector(t, "invite-key").Expected["invite_did"] {
		t.Errorf("invite DID = %s", a.InviteDID)
	}
	if len(a.Relays) != 1 || a.Relays[0] != "wss://relay.example" || a.RelaysIgnored != nil {
		t.Errorf("relays = %v (%v)", a.Relays, a.RelaysIgnored)
	}
	want := Preview{
		SpaceID: p.Space.ID, SpaceName: "Chess club", Visibility: space.VisibilityPriv, Role: "editor",
		RoleTitle: "Editor", ViewOnly: false, InvitedBy: testkit.Founder(t).DID(), CarriesKey: true,
	}
	if got := a.Preview(); got != want {
		t.Errorf("preview = %+v\nwant      %+v", got, want)
	}
	if string(a.Invitation.Key) != string(p.SpaceKey) {
		t.Errorf("carried key differs")
	}
}
