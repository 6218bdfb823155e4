package keychain_test

import (
	"fmt"
	"os"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/keychain/keychaintest"
)

// TestRealSecretService runs the suite against the session's real Secret
// Service when MINCA_TEST_KEYCHAIN=real; run it in a throwaway session:
//
//	HOME=$(mktemp -d) dbus-run-session -- sh -c 'echo -n pw |
//	  gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null;
//	  sleep 1; MINCA_TEST_KEYCHAIN=real go test ./keychain/ -run Real -v'
//
// The e2e suite (tests/keychain_e2e_test.go) runs the same suite.
func TestRealSecretService(t *testing.T) {
	if os.Getenv("MINCA_TEST_KEYCHAIN") != "real" {
		t.Skip("set MINCA_TEST_KEYCHAIN=real inside a dbus-run-session with an unlocked gnome-keyring to run")
	}
	n := 0
	keychaintest.Run(t, func(t *testing.T) keychain.Keychain {
		n++
		return keychain.NewSecretService(keychain.Config{Service: fmt.Sprintf("minca-test-%d-%d", os.Getpid(), n)})
	})
}
