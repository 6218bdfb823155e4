package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/unicode/norm"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// Wrap parameters (01 §12).
const (
	ivLen   = 12
	tagLen  = 16
	saltLen = 16
	keyLen  = 32
	// Iterations for new passphrase wraps, and the floor for opening one.
	MinIterations = 600000
	// MaxIterations bounds the work a planted wrap can ask for.
	MaxIterations = 10000000
	// DeviceRPID begins the rpId of this app's device wraps: a new wrap's
	// rpId is DeviceRPID + ":" + its deviceKeyId, one per device (01 §12).
	// Wraps written before that carry DeviceRPID alone and still open.
	DeviceRPID = "minca-desktop"
	// LabelCLI is the CLI's passphrase wrap (unattended unlock, 01 §12).
	LabelCLI = "CLI passphrase"
	// keychainPrefix names a device wrap key in the OS keychain.
	keychainPrefix = "device-wrap:"
)

func gcmOf(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

func random(rnd io.Reader, n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(rnd, b); err != nil {
		return nil, fmt.Errorf("random: %w", err)
	}
	return b, nil
}

// seal encrypts the seed under key with a fresh iv (no AAD, 01 §12).
func seal(key, seed []byte, rnd io.Reader) (iv, ct string, err error) {
	g, err := gcmOf(key)
	if err != nil {
		return "", "", err
	}
	n, err := random(rnd, ivLen)
	if err != nil {
		return "", "", err
	}
	return enc.B64URL(n), enc.B64URL(g.Seal(nil, n, seed, nil)), nil
}

func unseal(key []byte, w Wrap) ([]byte, error) {
	g, err := gcmOf(key)
	if err != nil {
		return nil, err
	}
	iv, err1 := enc.DecodeB64URL(w.IV)
	ct, err2 := enc.DecodeB64URL(w.Ciphertext)
	if err := errors.Join(err1, err2); err != nil {
		return nil, err
	}
	return g.Open(nil, iv, ct, nil)
}

// passphraseKey is PBKDF2-HMAC-SHA256(UTF-8(NFKC(passphrase)), salt, iterations, 32).
func passphraseKey(pass string, salt []byte, iterations int) ([]byte, error) {
	return pbkdf2.Key(sha256.New, norm.NFKC.String(pass), salt, iterations, keyLen)
}

func newWrapID(rnd io.Reader) (string, error) {
	b, err := random(rnd, 8)
	if err != nil {
		return "", err
	}
	return enc.B64URL(b), nil
}

// NewVault makes a vault for seed, with no wraps yet.
func NewVault(seed []byte, label, createdAt string) (*Vault, error) {
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return nil, err
	}
	return &Vault{Version: VaultVersion, Label: label, DID: kp.DID(), CreatedAt: createdAt}, nil
}

// AddPassphrase adds a passphrase wrap of seed (01 §12). A passphrase
// shorter than MinPassphraseLen is refused (ErrShortPassphrase).
func (v *Vault) AddPassphrase(seed []byte, pass, label, now string, rnd io.Reader) (Wrap, error) {
	if err := v.checkSeed(seed); err != nil {
		return Wrap{}, err
	}
	if err := CheckNewPassphrase(pass); err != nil {
		return Wrap{}, err
	}
	salt, err := random(rnd, saltLen)
	if err != nil {
		return Wrap{}, err
	}
	key, err := passphraseKey(pass, salt, MinIterations)
	if err != nil {
		return Wrap{}, err
	}
	w, err := newWrap(KindPassphrase, key, seed, label, now, rnd)
	if err != nil {
		return Wrap{}, err
	}
	w.Salt, w.Iterations = enc.B64URL(salt), MinIterations
	v.Wraps = append(v.Wraps, w)
	return w, nil
}

// newWrap seals seed under key in a wrap of kind with a fresh id and iv
// (01 §12); the caller adds what the kind needs to find the key again.
func newWrap(kind string, key, seed []byte, label, now string, rnd io.Reader) (Wrap, error) {
	id, err := newWrapID(rnd)
	if err != nil {
		return Wrap{}, err
	}
	iv, ct, err := seal(key, seed, rnd)
	if err != nil {
		return Wrap{}, err
	}
	return Wrap{Kind: kind, ID: id, Label: label, AddedAt: now, IV: iv, Ciphertext: ct}, nil
}

// OpenPassphrase opens the account with a passphrase: the first passphrase
// wrap it opens, then the DID check (01 §12).
func (v *Vault) OpenPassphrase(pass string) ([]byte, error) {
	return v.openFirst(KindPassphrase, func(w Wrap) []byte {
		salt, err := enc.DecodeB64URL(w.Salt)
		if err != nil {
			return nil
		}
		key, err := passphraseKey(pass, salt, w.Iterations)
		if err != nil {
			return nil
		}
		return key
	})
}

// openFirst opens the first wrap of kind whose key keyOf gives (nil: none)
// and opens it, then checks the seed derives the vault's DID (01 §12).
func (v *Vault) openFirst(kind string, keyOf func(Wrap) []byte) ([]byte, error) {
	for _, w := range v.Wraps {
		if w.Kind != kind {
			continue
		}
		key := keyOf(w)
		if key == nil {
			continue
		}
		if seed, err := unseal(key, w); err == nil {
			if err := v.checkSeed(seed); err != nil {
				return nil, fmt.Errorf("wrap %s: %w", w.ID, err)
			}
			return seed, nil
		}
	}
	return nil, fmt.Errorf("open with %s: %w", kind, ErrNoWrap)
}

// Keychain is where device wrap keys live: the OS keychain (package
// keychain's Keychain satisfies it; node may not import it, 05 §12 keeps
// node below its UIs). Errors pass through wrapped, so a caller finds a
// *keychain.UnavailableError with errors.As and falls back.
type Keychain interface {
	Get(account string) ([]byte, error)
	Set(account string, secret []byte) error
	// Probe reports whether the keychain is usable at all.
	Probe() error
}

// AddDevice adds this device's wrap (01 §12): a fresh AES key kept in the
// OS keychain, under the rpId DeviceRPID:<deviceKeyId>, so two devices on
// one vault never share an rpId. It replaces this device's earlier device
// wraps: those with the same rpId and those whose key this keychain holds.
// The replaced ones are remembered as removed, so WriteVault does not merge
// them back from the file on disk. If the keychain fails (unavailable), its
// error is returned wrapped and nothing changes.
func (v *Vault) AddDevice(seed []byte, kc Keychain, label, now string, rnd io.Reader) (Wrap, error) {
	if err := v.checkSeed(seed); err != nil {
		return Wrap{}, err
	}
	key, err := random(rnd, keyLen)
	if err != nil {
		return Wrap{}, err
	}
	kid, err := random(rnd, 12)
	if err != nil {
		return Wrap{}, err
	}
	w, err := newWrap(KindDevice, key, seed, label, now, rnd)
	if err != nil {
		return Wrap{}, err
	}
	w.DeviceKeyID = enc.B64URL(kid)
	w.RPID = DeviceRPID + ":" + w.DeviceKeyID
	mine := v.heldDeviceWraps(kc)
	if err := kc.Set(keychainPrefix+w.DeviceKeyID, key); err != nil {
		return Wrap{}, fmt.Errorf("add device wrap: %w", err)
	}
	kept := v.Wraps[:0]
	for _, o := range v.Wraps {
		if o.Kind == KindDevice && (o.RPID == w.RPID || mine[o.ID]) {
			v.removed = append(v.removed, o.ID)
			continue
		}
		kept = append(kept, o)
	}
	v.Wraps = append(kept, w)
	return w, nil
}

// heldDeviceWraps gives the ids of the device wraps whose key kc holds:
// this device's own (a keychain that fails to answer holds none).
func (v *Vault) heldDeviceWraps(kc Keychain) map[string]bool {
	held := map[string]bool{}
	for _, w := range v.Wraps {
		if w.Kind == KindDevice && deviceKey(kc, w) != nil {
			held[w.ID] = true
		}
	}
	return held
}

// deviceKey is the key of device wrap w in kc, or nil when kc holds none.
func deviceKey(kc Keychain, w Wrap) []byte {
	if strings.ContainsAny(w.DeviceKeyID, "/\x00") {
		return nil
	}
	key, err := kc.Get(keychainPrefix + w.DeviceKeyID)
	if err != nil || len(key) != keyLen {
		return nil
	}
	return key
}

// OpenDevice opens the account with a device wrap whose key this device's
// keychain holds. A keychain that fails its probe is returned wrapped, so
// the caller can fall back to a passphrase or the recovery code.
func (v *Vault) OpenDevice(kc Keychain) ([]byte, error) {
	if err := kc.Probe(); err != nil {
		return nil, fmt.Errorf("open device wrap: %w", err)
	}
	return v.openFirst(KindDevice, func(w Wrap) []byte { return deviceKey(kc, w) })
}
