package cli

import (
	"bytes"
	"strings"
	"testing"
)

// shortInvite is the short link of 03 §7.7's example.
const shortInvite = "AAECAwQFBgcICQoLDA0OD_Dx8vP09fb3-Pn6-_z9_v8@host.example,relay.example/minca"

// A link macOS opens with the window (OnURL) is queued for the page as a
// handed-over one is: its invite alone; one that is no invite link is
// logged and never reaches the page.
func TestOpenedLinkQueuesInvite(t *testing.T) {
	var logs bytes.Buffer
	links := make(chan string, 4)
	open := openedLink(Env{Stderr: &logs}, links)

	open("minca:" + shortInvite)
	select {
	case got := <-links:
		if got != shortInvite {
			t.Fatalf("queued %q, want the invite %q", got, shortInvite)
		}
	default:
		t.Fatal("a minca: link was not queued")
	}

	open("https://example.com/no-invite")
	if len(links) != 0 {
		t.Fatalf("a link without an invite was queued: %q", <-links)
	}
	if !strings.Contains(logs.String(), "opened link refused") {
		t.Fatalf("the refused link is not logged: %q", logs.String())
	}
}
