package space

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Limits of relays and keepers (03 §10).
const (
	MaxRelays     = 8
	MaxRelayLen   = 200
	MaxKeepers    = 16
	MaxKeeperDID  = 200
	MaxKeeperName = 80
	MaxCopies     = 16
)

// Record keys of relays and keepers (03 §10).
const (
	RelaysKey  = "relays:space"
	KeepersKey = "keepers:space"
)

// ErrRelays and ErrKeepers are wrapped by checkRelays' and checkKeepers'
// errors.
var (
	ErrRelays  = errors.New("bad relays")
	ErrKeepers = errors.New("bad keepers")
)

// relayRE is a relay URL as readings A28 reads 04 §1.2 (which we lack):
// an optional <kind>+ prefix, then wss://host…, or ws:// on localhost,
// 127.0.0.1 or [::1] only, with an optional port. It is the same pattern
// core/access's replay checks sys.relays with, so an invite's relays and
// the history's are judged alike.
var relayRE = regexp.MustCompile(`^(?:[a-z][a-z0-9]*\+)?wss://[^\s/?#]+(?:[/?#]\S*)?$|^(?:[a-z][a-z0-9]*\+)?ws://(?:localhost|127\.0\.0\.1|\[::1\])(?::[0-9]{1,5})?(?:[/?#]\S*)?$`)

// CheckRelays is checkRelays (03 §10): at most 8 distinct relay URLs, each
// at most 200 characters, wss:// or <kind>+wss:// (nostr+wss://), or ws://
// likewise only on localhost, 127.0.0.1 or [::1]. 04 §1.2 is missing;
// Choice (readings A28): see relayRE.
func CheckRelays(v any) ([]string, error) {
	list, ok := v.([]any)
	if !ok || len(list) > MaxRelays {
		return nil, fmt.Errorf("%w: not a list of at most %d relays", ErrRelays, MaxRelays)
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, fmt.Errorf("%w: %s is not a string", ErrRelays, show(e))
		}
		if err := checkRelay(s); err != nil {
			return nil, err
		}
		if seen[s] {
			return nil, fmt.Errorf("%w: %q named twice", ErrRelays, s)
		}
		seen[s] = true
		out = append(out, s)
	}
	return out, nil
}

// IsRelay says whether s is one relay URL as CheckRelays accepts it.
func IsRelay(s string) bool { return checkRelay(s) == nil }

func checkRelay(s string) error {
	if JSLen(s) > MaxRelayLen {
		return fmt.Errorf("%w: %q is longer than %d characters", ErrRelays, s, MaxRelayLen)
	}
	if !relayRE.MatchString(s) {
		return fmt.Errorf("%w: %q is neither wss:// nor ws:// on this machine", ErrRelays, s)
	}
	return nil
}

// ParseRelays reads a sys.relays body { relays } (03 §10) and checks it.
// Choice: a cutoff member is ignored, any other member is refused.
func ParseRelays(body any) ([]string, error) {
	m, ok := body.(map[string]any)
	if !ok || !onlyMembers(m, "relays", "cutoff") {
		return nil, fmt.Errorf("%w: body is not { relays }", ErrRelays)
	}
	return CheckRelays(m["relays"])
}

// Keeper is a node that holds every record of the space (03 §10).
type Keeper struct {
	DID  string
	Name string
}

// Keepers is a sys.keepers body: the keepers, and how many a write should
// reach (Copies nil for null).
type Keepers struct {
	Keepers []Keeper
	Copies  *int
}

// ParseKeepers reads a sys.keepers body { keepers, copies } and checks it
// (checkKeepers, 03 §10): at most 16 keepers, each did starting did:key:
// and at most 200 characters, each name a string of at most 80 characters,
// no did twice, copies null or an integer 1–16. Choice: keepers are
// objects of exactly { did, name }; copies must be present; a cutoff member
// is ignored.
func ParseKeepers(body any) (Keepers, error) {
	m, ok := body.(map[string]any)
	if !ok || !onlyMembers(m, "keepers", "copies", "cutoff") {
		return Keepers{}, fmt.Errorf("%w: body is not { keepers, copies }", ErrKeepers)
	}
	cv, present := m["copies"]
	if !present {
		return Keepers{}, fmt.Errorf("%w: copies is missing", ErrKeepers)
	}
	return CheckKeepers(m["keepers"], cv)
}

// CheckKeepers is checkKeepers over the two members (see ParseKeepers).
func CheckKeepers(keepers, copies any) (Keepers, error) {
	var k Keepers
	if copies != nil {
		n, ok := copies.(float64)
		if !ok || n != float64(int(n)) || n < 1 || n > MaxCopies {
			return k, fmt.Errorf("%w: copies %s is neither null nor an integer 1–%d", ErrKeepers, show(copies), MaxCopies)
		}
		c := int(n)
		k.Copies = &c
	}
	list, ok := keepers.([]any)
	if !ok || len(list) > MaxKeepers {
		return k, fmt.Errorf("%w: not a list of at most %d keepers", ErrKeepers, MaxKeepers)
	}
	seen := map[string]bool{}
	for _, e := range list {
		kp, err := keeperOf(e)
		if err != nil {
			return Keepers{}, err
		}
		if seen[kp.DID] {
			return Keepers{}, fmt.Errorf("%w: %s named twice", ErrKeepers, kp.DID)
		}
		seen[kp.DID] = true
		k.Keepers = append(k.Keepers, kp)
	}
	return k, nil
}

func keeperOf(e any) (Keeper, error) {
	m, ok := e.(map[string]any)
	if !ok || !onlyMembers(m, "did", "name") {
		return Keeper{}, fmt.Errorf("%w: %s is not { did, name }", ErrKeepers, show(e))
	}
	did, ok := m["did"].(string)
	if !ok || !strings.HasPrefix(did, didKeyPrefix) || JSLen(did) > MaxKeeperDID {
		return Keeper{}, fmt.Errorf("%w: did %s", ErrKeepers, show(m["did"]))
	}
	name, ok := m["name"].(string)
	if !ok || JSLen(name) > MaxKeeperName {
		return Keeper{}, fmt.Errorf("%w: name %s is not a string of at most %d characters", ErrKeepers, show(m["name"]), MaxKeeperName)
	}
	return Keeper{DID: did, Name: name}, nil
}

func onlyMembers(m map[string]any, allowed ...string) bool {
	for k := range m {
		found := false
		for _, a := range allowed {
			found = found || k == a
		}
		if !found {
			return false
		}
	}
	return true
}
