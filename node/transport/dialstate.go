package transport

import "time"

// How a dialler stands, and how the node hears of it (04 §5.4). Choices of
// ours: each change of a dialler's phase is told to Config.OnDial, so the
// node learns of a refusal (4003, 04 §5.3) when it happens rather than by
// looking; and the node may hold a refused dialler back (HoldRefused), since
// only it can tell a refusal that will last (a former member, 03 §9.2) from
// one that will not (a node that does not hold the space yet).

// Dial phases (DialState.Phase), in the order a dialler goes through them.
const (
	DialConnecting = "connecting" // an attempt is under way
	DialConnected  = "connected"  // handshaken: the connection is up
	DialRefused    = "refused"    // the attempt or connection ended with 4003 (04 §5.3)
	DialFailed     = "failed"     // it ended otherwise
	DialBackoff    = "backoff"    // waiting Wait before the next attempt
)

// DialState is how a dialler stands, for the node's network status.
type DialState struct {
	Phase     string // a Dial* phase; "" before the first attempt
	Connected bool
	Attempts  int           // failed attempts since the last handshake
	Wait      time.Duration // the delay before the next attempt
	LastErr   error
	LastClose int           // the last close code the node sent (0: none)
	Held      time.Duration // the least wait after a refusal (HoldRefused; 0: none)
}

// Space is the space the dialler dials for.
func (d *Dialer) Space() string { return d.space }

// URL is the node URL it dials, with its pin (URL#DID, as Connect took it).
func (d *Dialer) URL() string { return d.node.String() }

// State returns how the dialler stands now.
func (d *Dialer) State() DialState {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.state
}

// HoldRefused makes every wait after a refusal (4003) last at least wait,
// the one under way included; 0 lets the dialler back to its backoff.
func (d *Dialer) HoldRefused(wait time.Duration) {
	d.mu.Lock()
	changed := d.hold != wait
	d.hold = wait
	d.mu.Unlock()
	if changed {
		d.poke()
	}
}

// Redial ends the wait of a dialler that is not connected: the next attempt
// starts now (or, during one, as soon as it fails).
func (d *Dialer) Redial() {
	d.mu.Lock()
	d.now = !d.state.Connected
	d.mu.Unlock()
	d.poke()
}

func (d *Dialer) poke() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// update changes the state under the lock and, for a new phase, tells
// Config.OnDial once the lock is let go.
func (d *Dialer) update(phase string, f func(s *DialState)) {
	d.mu.Lock()
	if f != nil {
		f(&d.state)
	}
	if phase != "" {
		d.state.Phase = phase
	}
	d.state.Held = d.hold
	s := d.state
	d.mu.Unlock()
	if phase != "" && d.t.cfg.OnDial != nil {
		d.t.cfg.OnDial(d, s)
	}
}

// await waits wait before the next attempt, at least the hold after a
// refusal; Redial ends the wait, HoldRefused measures it again from its
// start. It is false when the dialler is stopped.
func (d *Dialer) await(wait time.Duration, refused bool) bool {
	start := d.t.cfg.Clock.Now()
	told := time.Duration(-1)
	for {
		d.mu.Lock()
		now := d.now
		d.now = false
		w := wait
		if refused {
			w = max(w, d.hold)
		}
		d.mu.Unlock()
		if now {
			return true
		}
		if w != told {
			d.update(DialBackoff, func(s *DialState) { s.Wait = w })
			told = w
		}
		left := w - d.t.cfg.Clock.Now().Sub(start)
		if left <= 0 {
			return true
		}
		select {
		case <-d.t.cfg.Clock.After(left):
			return true
		case <-d.wake:
		case <-d.stop:
			return false
		}
	}
}
