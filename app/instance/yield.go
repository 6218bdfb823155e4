package instance

import (
	"errors"
	"net"
)

// ErrYielded: the running instance shows no window (`minca ui`) and let go
// of the profile's instance for this launch, which now becomes it and
// opens its own window (Open does), with its link if it has one.
var ErrYielded = errors.New("instance: the running Minca shows no window and made way for this one")

// yields reports whether this instance makes way for req, as one that
// shows no window: for a plain launch (activate), and for a link launch
// while nothing shows the links it takes (Config.ShowsLinks).
func (in *Instance) yields(req request) bool {
	if req.V != wireVersion || !in.cfg.Windowless || in.cfg.OnActivate != nil {
		return false
	}
	switch req.Kind {
	case kindActivate:
		return true
	case kindLink:
		return in.cfg.ShowsLinks != nil && !in.cfg.ShowsLinks()
	}
	return false
}

// yield lets go of the instance, then tells the launch on c so: by the
// time it reads the reply, the lock is free for it to take (Open) and
// Yielded is closed. It
// stops listening; links from then on go to the new instance's window.
func (in *Instance) yield(c net.Conn) {
	in.release()
	in.cfg.Log.Info("instance: a window opens for this profile: it takes links from now on")
	close(in.yielded) // before the reply: the launch may look at once
	writeLine(c, reply{Yield: true})
	if in.cfg.OnYield != nil {
		go in.cfg.OnYield()
	}
}

// Yielded is closed when a launch took this windowless instance's place.
func (in *Instance) Yielded() <-chan struct{} { return in.yielded }
