package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/registry"
	"minca.dev/desktop/node/segments/segtest"
	"minca.dev/desktop/node/vault"
)

// initCmd makes an account in a folder: its vault (a passphrase wrap, and a
// device wrap in the OS keychain with -device), its row, and N public spaces
// in its sealed registry.
func initCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	dir := fs.String("folder", "", "data folder")
	seedHex := fs.String("seed", "", "account seed, 32 hex")
	pass := fs.String("pass", "", "passphrase")
	n := fs.Int("spaces", 2, "spaces to found")
	device := fs.Bool("device", false, "add a device wrap in the OS keychain")
	if err := fs.Parse(args); err != nil {
		return err
	}
	seed, err := hex.DecodeString(*seedHex)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	root, err := folder.Open(*dir)
	if err != nil {
		return err
	}
	defer root.Close()
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	v, err := vault.NewVault(seed, "Ada", now)
	if err != nil {
		return err
	}
	if _, err := v.AddPassphrase(seed, *pass, vault.LabelCLI, now, rand.Reader); err != nil {
		return err
	}
	if *device {
		if _, err := v.AddDevice(seed, keychain.Default(), "This computer", now, rand.Reader); err != nil {
			return err
		}
	}
	id, err := vault.NewAccountID(rand.Reader)
	if err != nil {
		return err
	}
	if err := vault.Create(root, id, "Ada", v); err != nil {
		return err
	}
	reg, err := openRegistry(root, id, seed)
	if err != nil {
		return err
	}
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return err
	}
	var ids []string
	for i := range *n {
		nonce := make([]byte, 12)
		nonce[0] = byte(i)
		sp, err := segtest.Space(kp, enc.B64URL(nonce))
		if err != nil {
			return err
		}
		raw := sp.Constitution.Raw()
		raw["id"] = sp.ID
		b, err := cjson.Marshal(raw)
		if err != nil {
			return err
		}
		if err := reg.Put("space:"+sp.ID, b); err != nil {
			return err
		}
		ids = append(ids, sp.ID)
	}
	code, err := identity.RecoveryCode(seed)
	if err != nil {
		return err
	}
	emit("init", map[string]any{"account": id, "code": code, "spaces": ids})
	return nil
}

func openRegistry(root *folder.Root, id string, seed []byte) (*registry.Store, error) {
	lk, err := identity.LocalKey(seed)
	if err != nil {
		return nil, err
	}
	return registry.Open(root, id, lk)
}

// unlocked is an opened account: its id, key, registry and spaces.
type unlocked struct {
	id       string
	key      *identity.KeyPair
	spaces   []*space.Space
	refused  []string
	skipped  int
	rowsSkip int
}

// unlock opens the first account of accounts.json one way, and loads the
// spaces its registry names.
func unlock(root *folder.Root, how, pass, code string) (*unlocked, error) {
	rows, skipped, err := vault.ReadAccounts(root)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errors.New("no account in the folder")
	}
	row := rows[0]
	v, err := vault.ReadVault(root, row.ID)
	if err != nil {
		return nil, err
	}
	var seed []byte
	switch how {
	case "device":
		seed, err = v.OpenDevice(keychain.Default())
	case "passphrase":
		seed, err = v.OpenPassphrase(pass)
	case "recovery":
		seed, err = v.OpenRecovery(code)
	default:
		err = fmt.Errorf("unlock %q?", how)
	}
	if err != nil {
		return nil, err
	}
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return nil, err
	}
	reg, err := openRegistry(root, row.ID, seed)
	if err != nil {
		return nil, err
	}
	l, err := reg.List("")
	if err != nil {
		return nil, err
	}
	u := &unlocked{id: row.ID, key: kp, refused: l.Refused, skipped: l.Skipped, rowsSkip: skipped}
	for _, e := range l.Entries {
		if !strings.HasPrefix(e.Key, "space:") {
			continue
		}
		sp, err := space.ParseSpace(e.Value)
		if err != nil || "space:"+sp.ID != e.Key {
			u.refused = append(u.refused, e.Key)
			continue
		}
		u.spaces = append(u.spaces, sp)
	}
	return u, nil
}
