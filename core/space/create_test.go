package space

import (
	"encoding/hex"
	"testing"
	"time"
)

// TestCreateReproducesVectors: 03 §1.3 — creating the three example spaces
// from their parts gives the ids of 03 §1.2, the private one deriving its
// encryptionKeyId and readKey from the key ff fe … e0 (§8.1, §8.4).
func TestCreateReproducesVectors(t *testing.T) {
	vs := loadConstitutions(t)
	nonce, _ := hex.DecodeString("000102030405060708090a0b")
	key, _ := hex.DecodeString("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0")
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	editor := FoundingRole{Name: "editor", Title: "Editor", HasTitle: true, Grants: []Grant{
		grant(t, `{"cmd":"/record","pol":[]}`),
		grant(t, `{"cmd":"/collection/define","pol":[]}`),
		grant(t, `{"cmd":"/role/assign","pol":[["==",".role","editor"]]}`),
	}}
	chess := Draft{Name: "Chess club", Visibility: VisibilityPub, Founders: []string{alice},
		Roles: []FoundingRole{editor}, CreatedAt: at, Nonce: nonce}
	private := chess
	private.Visibility, private.SpaceKey = VisibilityPriv, key
	coop := Draft{Name: "Bike co-op", Visibility: VisibilityPub,
		Roles:    []FoundingRole{{Name: "steward", Grants: []Grant{grant(t, `{"cmd":"/","pol":[]}`)}}},
		Assigned: map[string][]string{alice: {"steward"}}, Succeeds: vs[0].ID, CreatedAt: at, Nonce: nonce}
	for i, d := range []Draft{chess, private, coop} {
		s, err := Create(d)
		if err != nil {
			t.Fatalf("%s: %v", vs[i].Name, err)
		}
		if s.ID != vs[i].ID {
			t.Errorf("%s: id %s, want %s", vs[i].Name, s.ID, vs[i].ID)
		}
	}
	bad := coop
	bad.Assigned = nil
	if _, err := Create(bad); err == nil {
		t.Error("top: none with nobody assigned was created")
	}
	bad = chess
	bad.Nonce = nonce[:11]
	if _, err := Create(bad); err == nil {
		t.Error("short nonce")
	}
}
