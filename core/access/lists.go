package access

import (
	"minca.dev/desktop/core/space"
)

// CheckRelays is checkRelays (03 §10, A28) over an event's relays, as
// core/space checks a sys.relays body, so that both are judged alike.
func CheckRelays(relays []string) error {
	_, err := space.CheckRelays(anyStrings(relays))
	return err
}

// CheckKeepers is checkKeepers (03 §10) over an event's keepers and copies,
// as core/space checks a sys.keepers body.
func CheckKeepers(keepers []Keeper, copies *int64) error {
	list := make([]any, len(keepers))
	for i, k := range keepers {
		list[i] = map[string]any{"did": k.DID, "name": k.Name}
	}
	var c any
	if copies != nil {
		c = float64(*copies)
	}
	_, err := space.CheckKeepers(list, c)
	return err
}
