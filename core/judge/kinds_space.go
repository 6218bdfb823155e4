package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// The kinds that change the space as a whole rather than an account's
// place in it: definitions, keys, relays, keepers and successors (03 §3.3).

// readDefinition: sys.collection at collection:<name> (03 §3.3). Its body
// may be sealed (§8.2) or absent (a delete), so the event reads only the
// key: the defined collection is the name after the prefix, which must be a
// collection name a definition may give (02 §6.1).
func readDefinition(ev *access.Event, v *record.Version) error {
	name := definedName(v.Key)
	if err := record.ValidDefinableName(name); err != nil {
		return fmt.Errorf("%w: %w", ErrFields, err)
	}
	ev.Collection, ev.Deleted = name, v.Deleted
	return nil
}

// definedName is the collection a collection:<name> key defines.
func definedName(key string) string { return key[len(record.PrefixCollection):] }

// readKey: sys.key at key:space, { keyId, readKey, earlier } (03 §9.3):
// keyId 22 base64url characters, readKey a P-256 did:key. earlier is not
// read here: a change whose earlier does not open still counts (§9.3).
func readKey(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("keyId", "readKey", "earlier", memberCutoff); err != nil {
		return err
	}
	id, err := f.str("keyId")
	if err != nil {
		return err
	}
	if b, err := enc.DecodeB64URL(id); err != nil || len(id) != keyIDLen || len(b) != 16 {
		return fmt.Errorf("%w: keyId %q is not %d base64url characters", ErrFields, id, keyIDLen)
	}
	rk, err := f.did("readKey")
	if err != nil {
		return err
	}
	if _, err := identity.ParseDID(rk); err != nil {
		return fmt.Errorf("%w: readKey: %w", ErrFields, err)
	}
	if e, present := f["earlier"]; present {
		if s, ok := e.(string); !ok || s == "" {
			return fmt.Errorf("%w: earlier must be a string", ErrFields)
		}
	}
	ev.KeyID, ev.ReadKey = id, rk
	return wantKey(v.Key, record.KeySpaceKey)
}

// readRelays: sys.relays at relays:space, { relays: string[] } (03 §10).
// Whether the list passes checkRelays is the replay's refusal (§4.5).
func readRelays(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("relays", memberCutoff); err != nil {
		return err
	}
	relays, err := f.strings("relays")
	if err != nil {
		return err
	}
	ev.Relays = relays
	return wantKey(v.Key, record.KeyRelays)
}

// readKeepers: sys.keepers at keepers:space, { keepers: [{ did, name }],
// copies } (03 §10). checkKeepers is the replay's refusal (§4.5); here the
// list must be objects of strings, and copies null, absent or an integer.
func readKeepers(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("keepers", "copies", memberCutoff); err != nil {
		return err
	}
	list, ok := f["keepers"].([]any)
	if !ok {
		return fmt.Errorf("%w: keepers must be a list", ErrFields)
	}
	ev.Keepers = make([]access.Keeper, 0, len(list))
	for i, x := range list {
		m, ok := x.(map[string]any)
		if !ok {
			return fmt.Errorf("%w: keepers[%d] is not an object", ErrFields, i)
		}
		k := fields(m)
		if err := k.only("did", "name"); err != nil {
			return fmt.Errorf("keepers[%d]: %w", i, err)
		}
		did, err := k.str("did")
		if err != nil {
			return fmt.Errorf("keepers[%d]: %w", i, err)
		}
		name, ok := m["name"].(string)
		if !ok {
			return fmt.Errorf("%w: keepers[%d].name must be a string", ErrFields, i)
		}
		ev.Keepers = append(ev.Keepers, access.Keeper{DID: did, Name: name})
	}
	if c, present := f["copies"]; present && c != nil {
		n, ok := c.(float64)
		if !ok || n != float64(int64(n)) {
			return fmt.Errorf("%w: copies must be null or an integer", ErrFields)
		}
		copies := int64(n)
		ev.Copies = &copies
	}
	return wantKey(v.Key, record.KeyKeepers)
}

// readSucceed: sys.succeed at succeed:<hex40(successor id)>, { space } (03
// §2.7; core/space.ParseSucceed).
func readSucceed(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if id, ok := f["space"].(string); ok {
		if err := wantKey(v.Key, record.SucceedKey(id)); err != nil {
			return err
		}
	}
	id, err := space.ParseSucceed(map[string]any(f), v.Key)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFields, err)
	}
	ev.Space = id
	return nil
}
