package access

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Limits of sys.relays and sys.keepers (03 §10).
const (
	MaxRelays       = 8
	MaxRelayLen     = 200
	MaxKeepers      = 16
	MaxKeeperDID    = 200
	MaxKeeperName   = 80
	MaxKeeperCopies = 16
)

// relayURL is a relay URL as A28 reads 04 §1.2 (which we lack): wss://, or
// <kind>+wss:// (nostr+wss://), or ws:// only on localhost, 127.0.0.1 or
// [::1], with an optional port.
var relayURL = regexp.MustCompile(`^(?:[a-z][a-z0-9]*\+)?wss://[^\s/?#]+(?:[/?#]\S*)?$|^(?:[a-z][a-z0-9]*\+)?ws://(?:localhost|127\.0\.0\.1|\[::1\])(?::[0-9]{1,5})?(?:[/?#]\S*)?$`)

// ErrBadList is wrapped by CheckRelays' and CheckKeepers' errors.
var ErrBadList = errors.New("not a valid list")

// CheckRelays is checkRelays (03 §10, A28): at most 8 distinct relay URLs,
// each at most 200 characters.
func CheckRelays(relays []string) error {
	if len(relays) > MaxRelays {
		return fmt.Errorf("%w: %d relays, at most %d", ErrBadList, len(relays), MaxRelays)
	}
	seen := map[string]bool{}
	for _, r := range relays {
		switch {
		case len(r) > MaxRelayLen:
			return fmt.Errorf("%w: relay URL longer than %d", ErrBadList, MaxRelayLen)
		case !relayURL.MatchString(r):
			return fmt.Errorf("%w: %q is no relay URL", ErrBadList, r)
		case seen[r]:
			return fmt.Errorf("%w: %q twice", ErrBadList, r)
		}
		seen[r] = true
	}
	return nil
}

// CheckKeepers is checkKeepers (03 §10): at most 16 keepers, each did a
// did:key of at most 200 characters named at most once, each name at most
// 80 characters; copies null or 1–16.
func CheckKeepers(keepers []Keeper, copies *int64) error {
	if len(keepers) > MaxKeepers {
		return fmt.Errorf("%w: %d keepers, at most %d", ErrBadList, len(keepers), MaxKeepers)
	}
	seen := map[string]bool{}
	for _, k := range keepers {
		switch {
		case !strings.HasPrefix(k.DID, "did:key:") || len(k.DID) > MaxKeeperDID:
			return fmt.Errorf("%w: keeper %q is no did:key", ErrBadList, k.DID)
		case len([]rune(k.Name)) > MaxKeeperName:
			return fmt.Errorf("%w: keeper name longer than %d", ErrBadList, MaxKeeperName)
		case seen[k.DID]:
			return fmt.Errorf("%w: keeper %q twice", ErrBadList, k.DID)
		}
		seen[k.DID] = true
	}
	if copies != nil && (*copies < 1 || *copies > MaxKeeperCopies) {
		return fmt.Errorf("%w: copies %d, not 1–%d", ErrBadList, *copies, MaxKeeperCopies)
	}
	return nil
}
