package shortlink

import (
	"testing"

	"minca.dev/desktop/core/enc"
)

// 03 §7.7's example: S = 00 … 0f, pin = f0 … ff, and its places.
func TestVectors(t *testing.T) {
	l := exampleLink(t)
	if got, want := l.Code(), loadVector(t, "short-link-code").Expected["code"]; got != want {
		t.Errorf("code = %s, want %s", got, want)
	}
	secret, err := l.InviteSecret()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := enc.B64URL(secret), loadVector(t, "short-link-invite-secret").Expected["invite_secret_b64u"]; got != want {
		t.Errorf("invite secret = %s, want %s", got, want)
	}
	seal, err := l.SealKey()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := enc.B64URL(seal), loadVector(t, "short-link-seal-key").Expected["seal_key_b64u"]; got != want {
		t.Errorf("seal key = %s, want %s", got, want)
	}
	if got, want := l.Topic(), loadVector(t, "short-link-topic").Expected["topic"]; got != want {
		t.Errorf("topic = %s, want %s", got, want)
	}
	lv := loadVector(t, "short-link-link")
	l.Places = []string{"wss://host.example", "wss://relay.example/minca"}
	got, err := l.String()
	if err != nil || got != lv.Expected["link"] {
		t.Errorf("link = %s (%v), want %s", got, err, lv.Expected["link"])
	}
	parsed, err := ParseLink(lv.Expected["link"])
	if err != nil {
		t.Fatal(err)
	}
	if parsed.S != l.S || parsed.Pin != l.Pin || len(parsed.Places) != 2 ||
		parsed.Places[0] != "wss://host.example" || parsed.Places[1] != "wss://relay.example/minca" {
		t.Errorf("parsed %+v", parsed)
	}
	for i, p := range lv.Inputs["places"].([]any) {
		if u, err := URLOf(p.(string)); err != nil || u != l.Places[i] {
			t.Errorf("place %v reads as %s (%v)", p, u, err)
		}
	}
	did, err := l.InviteDID()
	if err != nil || did[:12] != "did:key:zDna" {
		t.Errorf("invite DID %s (%v)", did, err)
	}
}
