package vault

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/folder"
)

// VaultVersion is account.json's version (01 §12).
const VaultVersion = 2

// Wrap kinds (01 §12).
const (
	KindPassphrase = "passphrase"
	KindDevice     = "device"
)

// Vault is an account's locked keys, account.json (01 §12).
type Vault struct {
	Version   int    `json:"version"`
	Label     string `json:"label"`
	DID       string `json:"did"`
	CreatedAt string `json:"createdAt"`
	Wraps     []Wrap `json:"wraps"`
	// Skipped counts wraps that were malformed when read (not written).
	Skipped int `json:"-"`
	// removed lists the ids of wraps dropped on purpose (AddDevice), which
	// WriteVault must not merge back from the file on disk.
	removed []string
}

// Wrap is one encrypted copy of the seed (01 §12).
type Wrap struct {
	Kind         string `json:"kind"`
	ID           string `json:"id"`
	Label        string `json:"label"`
	RPID         string `json:"rpId,omitempty"`
	DeviceKeyID  string `json:"deviceKeyId,omitempty"`
	CredentialID string `json:"credentialId,omitempty"`
	UserHandle   string `json:"userHandle,omitempty"`
	AddedAt      string `json:"addedAt"`
	Salt         string `json:"salt"`
	Iterations   int    `json:"iterations,omitempty"`
	IV           string `json:"iv"`
	Ciphertext   string `json:"ciphertext"`
}

// ErrWrongSeed: a seed that opened but derives another DID than the vault's.
var ErrWrongSeed = errors.New("vault: seed is not this account's")

// ErrNoWrap: no wrap of that kind opened.
var ErrNoWrap = errors.New("vault: no wrap opens")

// ParseVault reads account.json. Malformed wraps are skipped and counted.
func ParseVault(b []byte) (*Vault, error) {
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("account.json: %w: %w", ErrFormat, err)
	}
	m, ok := val.(map[string]any)
	if !ok || m["version"] != float64(VaultVersion) {
		return nil, fmt.Errorf("account.json: %w: version is not 2", ErrFormat)
	}
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	v := &Vault{Version: VaultVersion, Label: str(m, "label"), DID: str(m, "did"), CreatedAt: str(m, "createdAt")}
	if !identity.IsDID(v.DID) {
		return nil, fmt.Errorf("account.json: %w: did %q", ErrFormat, v.DID)
	}
	wraps, ok := m["wraps"].([]any)
	if !ok {
		return nil, fmt.Errorf("account.json: %w: no wraps array", ErrFormat)
	}
	for _, w := range wraps {
		wm, ok := w.(map[string]any)
		if !ok {
			v.Skipped++
			continue
		}
		iters, _ := wm["iterations"].(float64)
		wr := Wrap{Kind: str(wm, "kind"), ID: str(wm, "id"), Label: str(wm, "label"),
			RPID: str(wm, "rpId"), DeviceKeyID: str(wm, "deviceKeyId"),
			CredentialID: str(wm, "credentialId"), UserHandle: str(wm, "userHandle"),
			AddedAt: str(wm, "addedAt"), Salt: str(wm, "salt"), Iterations: int(iters),
			IV: str(wm, "iv"), Ciphertext: str(wm, "ciphertext")}
		if float64(wr.Iterations) != iters || checkWrap(wr) != nil {
			v.Skipped++
			continue
		}
		v.Wraps = append(v.Wraps, wr)
	}
	return v, nil
}

// checkWrap checks a wrap's shape (01 §12).
func checkWrap(w Wrap) error {
	if id, err := enc.DecodeB64URL(w.ID); err != nil || len(id) != 8 {
		return fmt.Errorf("wrap id %q: %w", w.ID, ErrFormat)
	}
	if iv, err := enc.DecodeB64URL(w.IV); err != nil || len(iv) != ivLen {
		return fmt.Errorf("wrap %s iv: %w", w.ID, ErrFormat)
	}
	if ct, err := enc.DecodeB64URL(w.Ciphertext); err != nil || len(ct) != identity.SeedLen+tagLen {
		return fmt.Errorf("wrap %s ciphertext: %w", w.ID, ErrFormat)
	}
	switch w.Kind {
	case KindPassphrase:
		if s, err := enc.DecodeB64URL(w.Salt); err != nil || len(s) != saltLen {
			return fmt.Errorf("wrap %s salt: %w", w.ID, ErrFormat)
		}
		if w.Iterations < MinIterations || w.Iterations > MaxIterations {
			return fmt.Errorf("wrap %s iterations %d: %w", w.ID, w.Iterations, ErrFormat)
		}
	case KindDevice:
		if k, err := enc.DecodeB64URL(w.DeviceKeyID); err != nil || len(k) != 12 || w.RPID == "" || w.Salt != "" {
			return fmt.Errorf("wrap %s device key: %w", w.ID, ErrFormat)
		}
	default:
		return fmt.Errorf("wrap %s kind %q: %w", w.ID, w.Kind, ErrFormat)
	}
	return nil
}

// Marshal writes account.json: pretty JSON and a trailing newline (01 §13).
func (v *Vault) Marshal() ([]byte, error) {
	out := *v
	out.Version = VaultVersion
	if out.Wraps == nil {
		out.Wraps = []Wrap{}
	}
	return marshalPretty(out)
}

// checkSeed refuses a seed whose DID is not the vault's (01 §12).
func (v *Vault) checkSeed(seed []byte) error {
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return err
	}
	if kp.DID() != v.DID {
		return ErrWrongSeed
	}
	return nil
}

// OpenRecovery opens the account with its recovery code (01 §2, §12).
func (v *Vault) OpenRecovery(code string) ([]byte, error) {
	seed, err := identity.ParseRecoveryCode(code)
	if err != nil {
		return nil, fmt.Errorf("open with recovery code: %w", err)
	}
	if err := v.checkSeed(seed); err != nil {
		return nil, fmt.Errorf("open with recovery code: %w", err)
	}
	return seed, nil
}

// Merge adds the wraps of o that v lacks, by id (01 §12).
func (v *Vault) Merge(o *Vault) {
	have := map[string]bool{}
	for _, w := range v.Wraps {
		have[w.ID] = true
	}
	for _, w := range o.Wraps {
		if !have[w.ID] {
			v.Wraps = append(v.Wraps, w)
			have[w.ID] = true
		}
	}
}

// ReadVault reads accounts/<id>/account.json.
func ReadVault(root *folder.Root, id string) (*Vault, error) {
	if !folder.ValidAccountID(id) {
		return nil, fmt.Errorf("read vault %q: %w", id, folder.ErrUnsafe)
	}
	b, err := root.ReadFile(folder.AccountsDir, id, folder.AccountFile)
	if err != nil {
		return nil, fmt.Errorf("read vault %s: %w", id, err)
	}
	return ParseVault(b)
}

// WriteVault writes accounts/<id>/account.json, merging the wraps of the copy
// on disk (so a wrap another client added meanwhile is kept), unless a wrap
// was removed on purpose: removed lists its ids, and so does v for the
// wraps AddDevice replaced.
func WriteVault(root *folder.Root, id string, v *Vault, removed ...string) error {
	if !folder.ValidAccountID(id) {
		return fmt.Errorf("write vault %q: %w", id, folder.ErrUnsafe)
	}
	removed = append(removed, v.removed...)
	if old, err := ReadVault(root, id); err == nil && old.DID == v.DID {
		gone := strings.Join(removed, "\x00")
		for _, w := range old.Wraps {
			if gone == "" || !strings.Contains("\x00"+gone+"\x00", "\x00"+w.ID+"\x00") {
				v.Merge(&Vault{Wraps: []Wrap{w}})
			}
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, ErrFormat) {
		return err
	}
	b, err := v.Marshal()
	if err != nil {
		return err
	}
	return root.WriteFile(b, folder.AccountsDir, id, folder.AccountFile)
}
