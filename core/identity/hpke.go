package identity

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hpke"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
)

// Sealing to a key (01 §9.2) is RFC 9180 HPKE in base mode with the suite
// DHKEM(P-256, HKDF-SHA256) 0x0010, HKDF-SHA256 0x0001, AES-256-GCM 0x0002,
// one message per context (sequence number 0). Our choice of layout, as no
// source fixes one:
//
//	box  = 0x01 ‖ enc (65-byte uncompressed ephemeral point) ‖ ct (len(pt)+16)
//	info = UTF-8(label)
//	aad  = AAD(label, bound) = 0x01 ‖ label ‖ 0x00 ‖ canonical(bound)
//
// Opening uses crypto/hpke. crypto/hpke's sender draws its ephemeral key
// from the process's random source and cannot take ours, so SealTo runs the
// same RFC 9180 steps itself with the ephemeral key derived (RFC 9180
// DeriveKeyPair) from 32 bytes of the caller's rnd; tests check it against
// crypto/hpke in both directions.
const (
	BoxVersion  = 0x01
	hpkeEncLen  = 65
	BoxOverhead = 1 + hpkeEncLen + tagLen

	hpkeKEMID  = 0x0010
	hpkeKDFID  = 0x0001
	hpkeAEADID = 0x0002
)

// SealTo seals plaintext to the holder of the private half of to, under
// label and bound, with randomness from rnd.
func SealTo(to *ecdh.PublicKey, label string, bound any, plaintext []byte, rnd io.Reader) ([]byte, error) {
	if to == nil || to.Curve() != ecdh.P256() {
		return nil, fmt.Errorf("%w: HPKE recipient is not a P-256 key", ErrPublicKey)
	}
	aad, err := AAD(label, bound)
	if err != nil {
		return nil, err
	}
	ikm := make([]byte, 32)
	if _, err := io.ReadFull(rnd, ikm); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRandom, err)
	}
	eph, err := ephemeralKey(ikm)
	if err != nil {
		return nil, err
	}
	dh, err := eph.ECDH(to)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPublicKey, err)
	}
	encapsulated := eph.PublicKey().Bytes()
	key, nonce, err := hpkeKeySchedule(dh, encapsulated, to.Bytes(), []byte(label))
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, BoxOverhead+len(plaintext))
	out = append(append(out, BoxVersion), encapsulated...)
	return gcm.Seal(out, nonce, plaintext, aad), nil
}

// OpenFrom opens a box sealed to priv under label and bound. Any mismatch
// gives ErrNotOpened.
func OpenFrom(priv *ecdh.PrivateKey, label string, bound any, box []byte) ([]byte, error) {
	aad, err := AAD(label, bound)
	if err != nil {
		return nil, err
	}
	if len(box) < BoxOverhead || box[0] != BoxVersion {
		return nil, fmt.Errorf("%w: not a version-1 box", ErrNotOpened)
	}
	k, err := hpke.NewDHKEMPrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPublicKey, err)
	}
	r, err := hpke.NewRecipient(box[1:1+hpkeEncLen], k, hpke.HKDFSHA256(), hpke.AES256GCM(), []byte(label))
	if err != nil {
		return nil, fmt.Errorf("%w: %s box: %v", ErrNotOpened, label, err)
	}
	pt, err := r.Open(aad, box[1+hpkeEncLen:])
	if err != nil {
		return nil, fmt.Errorf("%w: %s box: %v", ErrNotOpened, label, err)
	}
	return pt, nil
}

// ephemeralKey is RFC 9180 DeriveKeyPair for DHKEM(P-256).
func ephemeralKey(ikm []byte) (*ecdh.PrivateKey, error) {
	k, err := hpke.DHKEM(ecdh.P256()).DeriveKeyPair(ikm)
	if err != nil {
		return nil, fmt.Errorf("identity: hpke ephemeral key: %w", err)
	}
	raw, err := k.Bytes()
	if err != nil {
		return nil, err
	}
	return ecdh.P256().NewPrivateKey(raw)
}

// hpkeKeySchedule runs DHKEM's ExtractAndExpand and the base-mode key
// schedule of RFC 9180 (§4.1, §5.1), returning the AEAD key and the nonce of
// the first message.
func hpkeKeySchedule(dh, enc, pkR, info []byte) (key, nonce []byte, err error) {
	kemSuite := binary.BigEndian.AppendUint16([]byte("KEM"), hpkeKEMID)
	hpkeSuite := binary.BigEndian.AppendUint16([]byte("HPKE"), hpkeKEMID)
	hpkeSuite = binary.BigEndian.AppendUint16(hpkeSuite, hpkeKDFID)
	hpkeSuite = binary.BigEndian.AppendUint16(hpkeSuite, hpkeAEADID)

	eaePRK := labeledExtract(kemSuite, nil, "eae_prk", dh)
	shared, err := labeledExpand(kemSuite, eaePRK, "shared_secret", append(append([]byte(nil), enc...), pkR...), 32)
	if err != nil {
		return nil, nil, err
	}
	ctx := []byte{0x00} // mode base
	ctx = append(ctx, labeledExtract(hpkeSuite, nil, "psk_id_hash", nil)...)
	ctx = append(ctx, labeledExtract(hpkeSuite, nil, "info_hash", info)...)
	secret := labeledExtract(hpkeSuite, shared, "secret", nil)
	if key, err = labeledExpand(hpkeSuite, secret, "key", ctx, KeyLen); err != nil {
		return nil, nil, err
	}
	if nonce, err = labeledExpand(hpkeSuite, secret, "base_nonce", ctx, NonceLen); err != nil {
		return nil, nil, err
	}
	return key, nonce, nil
}

func labeledExtract(suite, salt []byte, label string, ikm []byte) []byte {
	in := append(append(append([]byte("HPKE-v1"), suite...), label...), ikm...)
	prk, _ := hkdf.Extract(sha256.New, in, salt) // cannot fail for SHA-256
	return prk
}

func labeledExpand(suite, prk []byte, label string, info []byte, n int) ([]byte, error) {
	in := binary.BigEndian.AppendUint16(nil, uint16(n))
	in = append(append(append(append(in, "HPKE-v1"...), suite...), label...), info...)
	return hkdf.Expand(sha256.New, prk, string(in), n)
}
