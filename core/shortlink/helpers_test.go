package shortlink

import (
	"bytes"
	"os"
	"testing"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

type vector = testkit.Vector[any]

func loadVector(t testing.TB, name string) vector {
	t.Helper()
	return testkit.LoadVector[any](t, os.DirFS("testdata"), name)
}

// exampleLink is the link of 03 §7.7's example: S = 00 … 0f, pin = f0 … ff.
func exampleLink(t testing.TB) Link {
	var l Link
	copy(l.S[:], loadVector(t, "short-link-code").Hex(t, "S_hex"))
	copy(l.Pin[:], loadVector(t, "short-link-code").Hex(t, "pin_hex"))
	return l
}

// publicClub is the public chess club of 03 §1.2.
func publicClub(t testing.TB) *space.Space {
	t.Helper()
	const c = `{"createdAt":"2026-01-01T00:00:00.000Z","minca":"constitution/1","name":"Chess club","nonce":"AAECAwQFBgcICQoL","resolver":"strong-remove/1","roles":[{"grants":[{"cmd":"/record","pol":[]},{"cmd":"/collection/define","pol":[]},{"cmd":"/role/assign","pol":[["==",".role","editor"]]}],"name":"editor","title":"Editor"}],"top":{"founders":["did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"]},"visibility":"public"}`
	val, err := cjson.Parse([]byte(c))
	if err != nil {
		t.Fatal(err)
	}
	m := val.(map[string]any)
	m["id"] = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
	sp, err := space.CheckSpace(m)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// invitation is the founder's invitation to the public chess club: for
// editor when role, else view-only.
func invitation(t testing.TB, role string) *record.Version {
	t.Helper()
	v, err := invite.Make(invite.Params{Signer: testkit.Founder(t), Space: publicClub(t), Role: role,
		CreatedAt: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Rnd: testkit.Rand(9)})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sealRaw seals plaintext bytes as a blob is sealed, whatever they are.
func sealRaw(t testing.TB, key, plaintext []byte) string {
	t.Helper()
	gcm, err := newGCM(key)
	if err != nil {
		t.Fatal(err)
	}
	nonce := bytes.Repeat([]byte{7}, NonceLen)
	return enc.B64URL(gcm.Seal(nonce, nonce, plaintext, nil))
}
