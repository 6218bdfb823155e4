package transport

import "net"

// Counters is what one peer did wrong, or was denied (04 §5.5).
type Counters struct {
	Malformed    int // frames that are not a handshake frame or an envelope
	BadSignature int // hello or welcome signatures that do not verify
	Refused      int // read proofs that fail, admissions refused, pins not proven
	Oversize     int // frames over the limit
	Dropped      int // live messages over the rate or size limit
	Withheld     int // frames the gate kept from it
}

// MaxCounted bounds how many peers have counters; beyond it, new ones are
// counted together under "other" (our choice: addresses are cheap to make).
const MaxCounted = 4096

// blame names whom a counter is kept for: the proven DID, else the remote
// host (without its port: one host, one tally).
func blame(did, addr string) string {
	if did != "" {
		return did
	}
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	return "addr:" + addr
}

func (t *Transport) count(who string, f func(c *Counters)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.counters[who]; !ok && len(t.counters) >= MaxCounted {
		who = "other"
	}
	c := t.counters[who]
	f(&c)
	t.counters[who] = c
}

// Counters returns a copy of every peer's counters, keyed by DID, by
// "addr:<remote host>" for what came before a DID was proven, or by
// "node:<node URL>" for a dialled node not yet proven.
func (t *Transport) Counters() map[string]Counters {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[string]Counters, len(t.counters))
	for k, v := range t.counters {
		out[k] = v
	}
	return out
}
