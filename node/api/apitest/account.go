package apitest

import (
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

func testNoAccount(t *testing.T, cfg Config) {
	n := cfg.NewNode(t)
	ctx := ctxOf(t)
	_, err := n.Account(ctx)
	wantCode(t, "Account before any", err, api.CodeNoAccount)
	_, err = n.Spaces(ctx)
	wantCode(t, "Spaces before any account", err, api.CodeNoAccount)
	_, err = n.CreateSpace(ctx, api.CreateSpace{Name: "x", Template: "team"})
	wantCode(t, "CreateSpace before any account", err, api.CodeNoAccount)
	st, err := n.Status(ctx)
	if err != nil {
		t.Fatalf("Status: %v", err)
	}
	if st.Account != "" {
		t.Fatalf("Status names account %q before any", st.Account)
	}
}

func testCreateAccount(t *testing.T, cfg Config) {
	n, acc := withAccount(t, cfg, "Alice")
	ctx := ctxOf(t)
	if !strings.HasPrefix(acc.Account.DID, "did:key:z") || acc.RecoveryCode == "" {
		t.Fatalf("new account %+v", acc)
	}
	got := must[api.Account](t, "Account")(n.Account(ctx))
	if got.DID != acc.Account.DID || got.ProfileName != "Alice" {
		t.Fatalf("Account = %+v, want %s Alice", got, acc.Account.DID)
	}
	_, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Again", Passphrase: "another one"})
	wantCode(t, "second CreateAccount", err, api.CodeConflict)
	if err := n.SetProfileName(ctx, "Alice B."); err != nil {
		t.Fatalf("SetProfileName: %v", err)
	}
	if got := must[api.Account](t, "Account")(n.Account(ctx)); got.ProfileName != "Alice B." {
		t.Fatalf("profile name %q after SetProfileName", got.ProfileName)
	}
	wantCode(t, "empty profile name", n.SetProfileName(ctx, ""), api.CodeInvalid)

	// The recovery code restores the same account on another node.
	m := cfg.NewNode(t)
	_, err = m.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: "not a code"})
	wantCode(t, "restore from a bad code", err, api.CodeInvalid)
	r, err := m.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: acc.RecoveryCode, Passphrase: "restored", ProfileName: "Alice"})
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	if r.DID != acc.Account.DID {
		t.Fatalf("restored %s, want %s", r.DID, acc.Account.DID)
	}
}
