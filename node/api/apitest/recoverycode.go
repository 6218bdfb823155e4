package apitest

import (
	"testing"

	"minca.dev/desktop/node/api"
)

// testRecoveryCheck: an account made with CheckCode is marked until
// ConfirmRecoveryCode, and RecoveryCode gives its code again until then;
// FolderAccount reads the folder's account and says its passphrase wrap.
func testRecoveryCheck(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	n := cfg.NewNode(t)
	acc := must[api.NewAccount](t, "create")(n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: "correct horse Ana", CheckCode: true}))
	if got := must[api.Account](t, "Account")(n.Account(ctx)); !got.CodeUnchecked || !acc.Account.CodeUnchecked {
		t.Fatalf("Account %+v, new %+v: want the code unchecked", got, acc.Account)
	}
	if code := must[string](t, "RecoveryCode")(n.RecoveryCode(ctx)); code != acc.RecoveryCode {
		t.Fatalf("RecoveryCode %q, want %q", code, acc.RecoveryCode)
	}
	if err := n.ConfirmRecoveryCode(ctx); err != nil {
		t.Fatalf("ConfirmRecoveryCode: %v", err)
	}
	if got := must[api.Account](t, "Account")(n.Account(ctx)); got.CodeUnchecked {
		t.Fatalf("Account %+v after the check: still unchecked", got)
	}
	_, err := n.RecoveryCode(ctx)
	wantCode(t, "RecoveryCode once checked", err, api.CodeNotFound)

	f := must[api.Folder](t, "Folder")(n.Folder(ctx))
	fa := must[api.FolderAccount](t, "FolderAccount")(cfg.NewNode(t).FolderAccount(ctx, f.Path))
	if fa.DID != acc.Account.DID || fa.ProfileName != "Ana" || !fa.Passphrase {
		t.Fatalf("FolderAccount(%s) = %+v, want Ana's with its passphrase", f.Path, fa)
	}
	_, err = n.FolderAccount(ctx, "not/absolute")
	wantCode(t, "FolderAccount of a relative path", err, api.CodeInvalid)
}
