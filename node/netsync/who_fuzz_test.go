package netsync

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"testing"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
)

// FuzzWhoAccount: the payload of a peer's who (outside bytes, 04 §6.4)
// never panics the node, and names an account only when it carries a
// note that the account signed for the peer's session key.
func FuzzWhoAccount(f *testing.F) {
	acct, sess := fuzzKey(f), fuzzKey(f)
	n, err := note.Make(acct, note.Grant{Aud: sess.DID(), Cmd: note.CmdAll}, rand.Reader)
	if err != nil {
		f.Fatal(err)
	}
	good, err := cjson.Marshal(map[string]any{"note": n.JSON()})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(bytes.Replace(good, []byte(`"note"`), []byte(`"nope"`), 1))
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"note":null}`))
	f.Add([]byte(`{"note":[{"type":"minca/ucan/dlg@1"}]}`))
	m := &Manager{now: func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }}
	if got, ok := m.whoAccount(sess.DID(), good); !ok || got != acct.DID() {
		f.Fatalf("the good who = %q, %v; want %s", got, ok, acct.DID())
	}
	f.Fuzz(func(t *testing.T, payload []byte) {
		account, ok := m.whoAccount(sess.DID(), json.RawMessage(payload))
		if !ok {
			return
		}
		if account != acct.DID() {
			t.Fatalf("who names %s, which signed no note here", account)
		}
	})
}

func fuzzKey(f *testing.F) *identity.KeyPair {
	k, err := identity.NewKeyPair(rand.Reader)
	if err != nil {
		f.Fatal(err)
	}
	return k
}
