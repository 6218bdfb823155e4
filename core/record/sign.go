package record

import (
	"crypto/ecdsa"
	"errors"
	"fmt"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// Signer is a key that signs versions: its did:key, and ECDSA P-256/SHA-256
// signatures in P1363 form (64 bytes). core/identity's KeyPair is one.
type Signer interface {
	DID() string
	Sign(msg []byte) ([]byte, error)
}

// BodyHash is the id of a body's canonical JSON (§3.3).
func BodyHash(body any) (string, error) {
	b, err := cjson.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("body hash: %w", err)
	}
	return enc.CID(b), nil
}

// SignedBytes returns the payload of v (§3.3): the canonical JSON of v
// without id, signature and body, every other member included, known or not.
func SignedBytes(v *Version) ([]byte, error) {
	b, err := appendCanonical(make([]byte, 0, canonCap), v, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: signed part: %w", ErrShape, err)
	}
	return b, nil
}

// ComputeID is the id v's signed part gives (§3.3).
func ComputeID(v *Version) (string, error) {
	b, err := SignedBytes(v)
	if err != nil {
		return "", err
	}
	return enc.CID(b), nil
}

// Sign completes a draft into a signed version (§3.3): author is the
// signer's DID, bodyHash the body's (none on a delete, whose body is left
// out), then id and signature over the signed part. The draft is not
// changed. The result must pass CheckShape.
func Sign(draft *Version, s Signer) (*Version, error) {
	v := draft.clone()
	v.Author, v.ID, v.Signature, v.BodyHash = s.DID(), "", "", ""
	if v.Deleted {
		v.Body, v.HasBody = nil, false
	} else {
		if !v.HasBody {
			return nil, errors.New("sign: a version that is not a delete needs a body")
		}
		h, err := BodyHash(v.Body)
		if err != nil {
			return nil, fmt.Errorf("sign: %w", err)
		}
		v.BodyHash = h
	}
	payload, err := SignedBytes(v)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	sig, err := s.Sign(payload)
	if err != nil {
		return nil, fmt.Errorf("sign %s %s: %w", v.Collection, v.Key, err)
	}
	v.ID, v.Signature = enc.CID(payload), enc.B64URL(sig)
	if err := CheckShape(v); err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	return v, nil
}

// VerifySignature makes steps 1–3 of §3.3 ("the signature check", 03 §6.5):
// the id is the signed part's, author is a P-256 did:key, and the signature
// verifies over the signed part. A stub passes as its whole version does.
func VerifySignature(v *Version) error {
	_, _, err := verifySignature(v, identity.ParseDID, identity.VerifyKey)
	return err
}

// verifySignature is VerifySignature with the author's DID decoded by key
// and the signature checked by check (identity.VerifyKey or a DIDCache's).
// It gives the signed part it checked, and where the members left out of it
// go.
func verifySignature(v *Version, key func(did string) (*ecdsa.PublicKey, error),
	check func(pub *ecdsa.PublicKey, msg, sig []byte) error) ([]byte, gaps, error) {
	payload, at, err := appendCanonicalAt(make([]byte, 0, canonCap), v, 0)
	if err != nil {
		return nil, at, fmt.Errorf("%w: signed part: %w", ErrShape, err)
	}
	if id := enc.CID(payload); id != v.ID {
		return nil, at, fmt.Errorf("%w: version %s: signed part gives %s", ErrID, v.ID, id)
	}
	pub, err := key(v.Author)
	if err != nil {
		return nil, at, fmt.Errorf("%w: %q: %w", ErrAuthor, v.Author, err)
	}
	sig, err := enc.DecodeB64URL(v.Signature)
	if err != nil {
		return nil, at, fmt.Errorf("%w: version %s: %w", ErrSignature, v.ID, err)
	}
	if err := check(pub, payload, sig); err != nil {
		return nil, at, fmt.Errorf("%w: version %s by %s: %w", ErrSignature, v.ID, v.Author, err)
	}
	return payload, at, nil
}

// CheckBody makes step 4 of §3.3: a body present on a version that is not a
// delete hashes to bodyHash. It must be made on every copy with a body.
func CheckBody(v *Version) error {
	_, err := checkBody(v)
	return err
}

// checkBody is CheckBody, giving the body's canonical JSON it hashed (nil
// when it checked none).
func checkBody(v *Version) ([]byte, error) {
	if !v.HasBody || v.Deleted {
		return nil, nil
	}
	b, err := cjson.Marshal(v.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: version %s: body hash: %w", ErrBodyHash, v.ID, err)
	}
	if h := enc.CID(b); h != v.BodyHash {
		return nil, fmt.Errorf("%w: version %s: body gives %s, bodyHash says %s", ErrBodyHash, v.ID, h, v.BodyHash)
	}
	return b, nil
}

// Verify makes all four steps of §3.3 in order.
func Verify(v *Version) error {
	if err := VerifySignature(v); err != nil {
		return err
	}
	return CheckBody(v)
}

// VerifyCached is Verify with the author's DID decoded through keys, so a
// batch of versions by few authors decodes each DID once, and the signature
// checked through keys' tables (core/p256verify), so an author who signed
// many versions is checked about twice as fast. It answers as Verify does.
// A version it finds good keeps the canonical JSON it checked, which
// Marshal, MarshalStub and BodyJSON then put together rather than encode v
// again; v must not be changed in place after (copies may be).
func VerifyCached(v *Version, keys *identity.DIDCache) error {
	signed, at, err := verifySignature(v, keys.Key, keys.VerifyKey)
	if err != nil {
		return err
	}
	body, err := checkBody(v)
	if err != nil {
		return err
	}
	v.keepChecked(signed, at, body)
	return nil
}
