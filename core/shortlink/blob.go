package shortlink

import (
	"bytes"
	"compress/zlib"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// The sealed invite (03 §7.7).
const (
	NonceLen    = 12       // AES-256-GCM nonce, first in the blob
	BodyVersion = 2        // body.v
	MaxBlobLen  = 12000    // characters a mailbox takes: a longer blob is not made
	MaxInflated = 64 << 10 // a reader stops inflating past 64 KiB
)

// Members of a sealed invite's body.
const (
	memberV      = "v"
	memberInvite = "invite"
	memberUntil  = "until"
)

// Why a blob is refused (§7.7 reading, step 4), or not made.
var (
	ErrNotDecrypt = errors.New("shortlink: the sealed invite does not decrypt")
	ErrInflate    = errors.New("shortlink: the sealed invite does not inflate")
	ErrTooLarge   = errors.New("shortlink: the sealed invite inflates past 64 KiB")
	ErrBody       = errors.New("shortlink: the sealed invite is not a v2 body")
	ErrBlobLong   = errors.New("shortlink: the sealed invite is longer than a mailbox takes")
)

// Body is a sealed invite's body: { v: 2, invite, until? }. until (ms
// since 1970) is when the inviter stops serving it: nothing a peer checks.
type Body struct {
	Invite map[string]any // the invitation (§7.4), as signed
	Until  *int64
}

// JSON is the body's JSON value.
func (b Body) JSON() map[string]any {
	m := map[string]any{memberV: BodyVersion, memberInvite: b.Invite}
	if b.Until != nil {
		m[memberUntil] = *b.Until
	}
	return m
}

// Seal seals a body under a link's seal key (§7.7):
// base64url(nonce(12) ‖ AES-256-GCM(seal key, nonce, zlib(UTF-8(JSON)))),
// the nonce read from rnd. A blob longer than 12,000 characters is not
// made (ErrBlobLong): the inviter gives the long form instead.
func Seal(sealKey []byte, b Body, rnd io.Reader) (string, error) {
	js, err := cjson.Marshal(b.JSON())
	if err != nil {
		return "", fmt.Errorf("seal invite: %w", err)
	}
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	if _, err := w.Write(js); err != nil {
		return "", fmt.Errorf("seal invite: deflate: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("seal invite: deflate: %w", err)
	}
	gcm, err := newGCM(sealKey)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, NonceLen)
	if _, err := io.ReadFull(rnd, nonce); err != nil {
		return "", fmt.Errorf("seal invite: %w: %w", identity.ErrRandom, err)
	}
	blob := enc.B64URL(gcm.Seal(nonce, nonce, z.Bytes(), nil))
	if len(blob) > MaxBlobLen {
		return "", fmt.Errorf("%w: %d characters, at most %d", ErrBlobLong, len(blob), MaxBlobLen)
	}
	return blob, nil
}

// PinOf is the first 16 bytes of SHA-256(UTF-8(blob)), the blob's text
// exactly as kept: the hash a relay files it under.
func PinOf(blob string) [PinLen]byte {
	sum := sha256.Sum256([]byte(blob))
	var pin [PinLen]byte
	copy(pin[:], sum[:PinLen])
	return pin
}

// OpenBlob opens a sealed invite (§7.7 step 4), refusing one that does not
// decrypt (ErrNotDecrypt), does not inflate (ErrInflate), inflates past
// 64 KiB (ErrTooLarge; inflating stops there), or is not a body as above
// (ErrBody).
func OpenBlob(sealKey []byte, blob string) (Body, error) {
	raw, err := enc.DecodeB64URL(blob)
	if err != nil || len(raw) < NonceLen {
		return Body{}, fmt.Errorf("%w: not base64url of a nonce and ciphertext", ErrNotDecrypt)
	}
	gcm, err := newGCM(sealKey)
	if err != nil {
		return Body{}, err
	}
	z, err := gcm.Open(nil, raw[:NonceLen], raw[NonceLen:], nil)
	if err != nil {
		return Body{}, fmt.Errorf("%w: %w", ErrNotDecrypt, err)
	}
	js, err := inflate(z)
	if err != nil {
		return Body{}, err
	}
	return readBody(js)
}

// inflate reads a zlib stream, stopping past MaxInflated.
// Choice: bytes after the stream's checksum are refused.
func inflate(z []byte) ([]byte, error) {
	src := bytes.NewReader(z)
	zr, err := zlib.NewReader(src)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInflate, err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, MaxInflated+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInflate, err)
	}
	if len(out) > MaxInflated {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, MaxInflated)
	}
	if src.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the stream", ErrInflate, src.Len())
	}
	return out, nil
}

// readBody reads { v: 2, invite: object, until?: integer ≥ 0 } and nothing
// else (Choice, see the package doc).
func readBody(js []byte) (Body, error) {
	val, err := cjson.Parse(js)
	if err != nil {
		return Body{}, fmt.Errorf("%w: %w", ErrBody, err)
	}
	m, ok := val.(map[string]any)
	if !ok {
		return Body{}, fmt.Errorf("%w: not an object", ErrBody)
	}
	for k := range m {
		if k != memberV && k != memberInvite && k != memberUntil {
			return Body{}, fmt.Errorf("%w: member %q", ErrBody, k)
		}
	}
	if v, _ := m[memberV].(float64); v != BodyVersion {
		return Body{}, fmt.Errorf("%w: v is not %d", ErrBody, BodyVersion)
	}
	b := Body{}
	if b.Invite, ok = m[memberInvite].(map[string]any); !ok {
		return Body{}, fmt.Errorf("%w: invite is not an object", ErrBody)
	}
	if raw, present := m[memberUntil]; present {
		u, ok := raw.(float64)
		if !ok || u < 0 || u != math.Trunc(u) || u > 1<<53-1 {
			return Body{}, fmt.Errorf("%w: until is not a time in ms", ErrBody)
		}
		n := int64(u)
		b.Until = &n
	}
	return b, nil
}

func newGCM(key []byte) (cipher.AEAD, error) {
	if len(key) != identity.KeyLen {
		return nil, fmt.Errorf("shortlink: %w: seal key is %d bytes", identity.ErrKeyLength, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("shortlink: %w", err)
	}
	return cipher.NewGCM(block)
}
