package syncer

import (
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// entry is one entry of a versions or push-update message (05 §8): its
// bytes, and what the intake reads of it before parsing it.
type entry struct {
	raw  syncmsg.RawJSON
	head syncmsg.Head
}

// entryOf reads x, an entry as syncmsg.Parse gives it (bytes, RawJSON) or
// as core/cjson parses it (a push-update's version; an entry already read,
// entry). ok is false for an entry that is no object (05 §8 step 1).
func entryOf(x any) (entry, bool) {
	var en entry
	switch x := x.(type) {
	case entry:
		return x, true
	case syncmsg.RawJSON:
		en.raw = x
	case map[string]any:
		b, err := cjson.Marshal(x)
		if err != nil {
			return en, false
		}
		en.raw = b
	default:
		return en, false
	}
	en.head = syncmsg.EntryHead(en.raw)
	return en, en.head.Object
}

// entryAt is entryOf(m.Versions[i]), taking the head syncmsg.Parse read
// on the way if it did.
func entryAt(m *syncmsg.Versions, i int) (entry, bool) {
	if raw, ok := m.Versions[i].(syncmsg.RawJSON); ok && len(m.Heads) == len(m.Versions) {
		return entry{raw: raw, head: m.Heads[i]}, m.Heads[i].Object
	}
	return entryOf(m.Versions[i])
}

// parseAll parses entries into versions (record.ParseBytes, which checks
// the id against the content) on every core.
func parseAll(es []entry) ([]*record.Version, []error) {
	vs := make([]*record.Version, len(es))
	errs := make([]error, len(es))
	parallel(len(es), func(i int) { vs[i], errs[i] = record.ParseBytes(es[i].raw) })
	return vs, errs
}
