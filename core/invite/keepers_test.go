package invite

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/space"
)

// A keeper named for its node URL gives that URL back, pinned by its DID;
// a keeper named otherwise gives none.
func TestKeeperNodes(t *testing.T) {
	a, b := testkit.Founder(t).DID(), sessionKey(t).DID()
	ka, err := KeeperFor("wss://keep.example:4433/peer#" + a)
	if err != nil || ka.DID != a || ka.Name != "wss://keep.example:4433/peer" {
		t.Fatalf("KeeperFor: %+v %v", ka, err)
	}
	kl, err := KeeperFor("ws://127.0.0.1:5000/peer#" + b)
	if err != nil {
		t.Fatal(err)
	}
	keepers := []space.Keeper{ka, {DID: b, Name: "my laptop"}, kl, {DID: "did:key:zX", Name: "ws://127.0.0.1:1/peer"},
		{DID: a, Name: "wss://x.example#did:key:zQ"}}
	got := KeeperNodes(keepers)
	if len(got) != 2 || got[0].String() != "wss://keep.example:4433/peer#"+a || got[1].String() != "ws://127.0.0.1:5000/peer#"+b {
		t.Fatalf("KeeperNodes: %v", got)
	}
	if _, err := space.CheckKeepers([]any{map[string]any{"did": ka.DID, "name": ka.Name}}, nil); err != nil {
		t.Fatalf("a keeper KeeperFor names is no valid keeper: %v", err)
	}
}

// KeeperFor refuses what is no node URL, and one too long to be a name.
func TestKeeperForRefuses(t *testing.T) {
	a := testkit.Founder(t).DID()
	for _, s := range []string{
		"wss://keep.example/peer",                                 // no pin
		"ws://192.168.1.2:80/peer#" + a,                           // ws:// off this machine
		"https://keep.example/peer#" + a,                          // not a socket
		"wss://keep.example/peer#did:key:zQ",                      // a pin that is no key
		"wss://" + strings.Repeat("k", 70) + ".example/peer#" + a, // 88 characters without the pin
	} {
		if k, err := KeeperFor(s); !errors.Is(err, ErrNodes) {
			t.Errorf("KeeperFor(%q) = %+v, %v; want ErrNodes", s, k, err)
		}
	}
}
