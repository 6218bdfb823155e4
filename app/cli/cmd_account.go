package cli

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/attach"
	"minca.dev/desktop/node/runtime"
)

type accountCreateOptions struct {
	output
	name           string
	passphraseFile string
}

// runAccountCreate creates the profile's account and prints its recovery
// code, which is shown this once.
func runAccountCreate(env Env, c command, args []string) error {
	var o accountCreateOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.StringVar(&o.name, "name", "", "the account's profile name, as others see it")
	fs.StringVar(&o.passphraseFile, "passphrase-file", "", "read the passphrase from FILE (- = stdin); else MINCA_PASSPHRASE")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.name == "" {
		return usageErr("--name is required")
	}
	pass, err := secret(env, o.passphraseFile, "MINCA_PASSPHRASE")
	if err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		acc, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: o.name, Passphrase: pass})
		if api.CodeOf(err) == api.CodeUnavailable && pass == "" {
			return withHint(err, hintPassphrase) // no keychain: the node asks for one
		}
		if err != nil {
			return err
		}
		return o.print(env, acc, func(w io.Writer) {
			fmt.Fprintf(w, "Created account %s (%s). Its keys are %s.\n\n", acc.Account.ProfileName, acc.Account.DID, keyStoreWords(acc.Account.KeyStore))
			fmt.Fprintf(w, "Recovery code — write it down now, it is shown only once:\n\n  %s\n", acc.RecoveryCode)
		})
	})
}

type accountRestoreOptions struct {
	output
	codeFile       string
	folder         string
	passphraseFile string
	name           string
}

// runAccountRestore restores the account from its recovery code or from a
// data folder that holds it; with only a passphrase it unlocks the account.
func runAccountRestore(env Env, c command, args []string) error {
	var o accountRestoreOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.StringVar(&o.codeFile, "recovery-code-file", "", "read the recovery code from FILE (- = stdin); else MINCA_RECOVERY_CODE")
	fs.StringVar(&o.folder, "folder", "", "a data folder that holds the account")
	fs.StringVar(&o.passphraseFile, "passphrase-file", "", "read the passphrase from FILE (- = stdin); else MINCA_PASSPHRASE.\n"+
		"Alone, it unlocks a locked account for the process that owns the node: a running \"minca host\" or tray\n"+
		"until it exits, else this command only (the passphrase is never kept)")
	fs.StringVar(&o.name, "name", "", "profile name to use")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	code, err := secret(env, o.codeFile, "MINCA_RECOVERY_CODE")
	if err != nil {
		return err
	}
	pass, err := secret(env, o.passphraseFile, "MINCA_PASSPHRASE")
	if err != nil {
		return err
	}
	if code == "" && o.folder == "" && pass == "" {
		return usageErr("give the recovery code (MINCA_RECOVERY_CODE or --recovery-code-file), --folder, or the passphrase of a locked account (MINCA_PASSPHRASE)")
	}
	folder, err := absPath(o.folder)
	if err != nil {
		return err
	}
	req := api.RestoreAccount{RecoveryCode: code, Folder: folder, Passphrase: pass, ProfileName: o.name}
	a, err := attach.Attach(env.Ctx, attachConfig(env, ""))
	if err != nil {
		return err
	}
	defer a.Close()
	acc, err := a.Node().RestoreAccount(env.Ctx, req)
	if err != nil {
		return err
	}
	return o.print(env, acc, func(w io.Writer) {
		fmt.Fprintf(w, "Restored account %s (%s). Its keys are %s.\n", acc.ProfileName, acc.DID, keyStoreWords(acc.KeyStore))
		if acc.KeyStore == runtime.KeyStorePassphrase && a.Role() == attach.Owner {
			fmt.Fprint(w, unlockedOnce)
		}
	})
}

// unlockedOnce says why the next command finds a passphrase-only account
// locked again: the passphrase is never kept, in the clear or otherwise,
// and no other process held the node to stay unlocked.
const unlockedOnce = `It is unlocked only while this command runs: no other Minca process holds the node,
and the passphrase is never stored. Give MINCA_PASSPHRASE to each command, or keep
` + "`minca host` or `minca tray`" + ` running: unlocked once, it stays unlocked until it exits.
`

// runAccountShow prints the profile's account.
func runAccountShow(env Env, c command, args []string) error {
	return runShow(env, c, args, api.Node.Account, func(w io.Writer, acc api.Account) {
		fmt.Fprintf(w, "%s\n  account  %s\n  keys     %s\n", acc.ProfileName, acc.DID, keyStoreWords(acc.KeyStore))
	})
}

// keyStoreWords says where the account's keys are kept, as Settings does.
func keyStoreWords(ks string) string {
	switch ks {
	case runtime.KeyStoreKeychain:
		return "kept in this computer's keychain, which unlocks them when Minca starts"
	case runtime.KeyStorePassphrase:
		return "locked with your passphrase, as this computer has no keychain Minca can use"
	}
	return "kept as " + ks
}
