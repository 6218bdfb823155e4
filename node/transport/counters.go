package transport

// Counters is what one peer did wrong, or was denied (04 §5.5).
type Counters struct {
	Malformed    int // frames that are not a handshake frame or an envelope
	BadSignature int // hello or welcome signatures that do not verify
	Refused      int // read proofs that fail, admissions refused, pins not proven
	Oversize     int // frames over the limit
	Dropped      int // live messages over the rate or size limit
	Withheld     int // frames the gate kept from it
}

// blame names whom a counter is kept for: the proven DID, else the address.
func blame(did, addr string) string {
	if did != "" {
		return did
	}
	return "addr:" + addr
}

func (t *Transport) count(who string, f func(c *Counters)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.counters[who]
	f(&c)
	t.counters[who] = c
}

// Counters returns a copy of every peer's counters, keyed by DID, or by
// "addr:<remote address>" for what came before a DID was proven.
func (t *Transport) Counters() map[string]Counters {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[string]Counters, len(t.counters))
	for k, v := range t.counters {
		out[k] = v
	}
	return out
}
