package runtime

import (
	"sync"
	"sync/atomic"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
)

// eventCache keeps the access event each stored version of an access
// collection yields (03 §3.3), so a replay checks a version's signature and
// its note's delegation once, not on every call: a version's id names its
// signed content, so what it yields never changes. A stub or a deletion of
// the same id is a form of its own and is cached apart.
type eventCache struct {
	mu sync.Mutex
	m  map[eventForm]cachedEvent
	// made counts the versions turned into events (or refused) afresh;
	// tests read it to see a call's work does not grow with the space.
	made atomic.Int64
}

// eventForm is a version as the conversion reads it: its id and form.
type eventForm struct {
	id              string
	hasBody, delete bool
}

type cachedEvent struct {
	ev access.Event
	ok bool
}

// events are the access events vs yield in sp, each version checked once: as
// judge.EventsFromVersions, without the reasons a version yields none.
func (c *eventCache) events(vs []*record.Version, sp judge.Space) []access.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[eventForm]cachedEvent{}
	}
	var out []access.Event
	for _, v := range vs {
		if _, ok := record.AccessCollectionOf(v.Key); !ok {
			continue
		}
		f := eventForm{id: v.ID, hasBody: v.HasBody, delete: v.Deleted}
		ce, hit := c.m[f]
		if !hit {
			ev, err := judge.EventFromVersion(v, sp)
			ce = cachedEvent{ev: ev, ok: err == nil}
			c.m[f] = ce
			c.made.Add(1)
		}
		if ce.ok {
			out = append(out, ce.ev)
		}
	}
	return out
}
