package instance

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Config says which instance this is and what it does with what it gets.
type Config struct {
	// Dir holds the locks and sockets; "" means DefaultDir().
	Dir string
	// Profile is the account profile: one instance per profile's
	// directory in this process's home (Path).
	Profile string
	// OnLink gets each link a later launch hands over, checked, as
	// Link.Pasted (what PreviewInvite and Join take: the invite, and the
	// inviter's name after it when the link names one). It runs on its own
	// goroutine; the window shows the invite's preview. Nil refuses links.
	OnLink func(invite string)
	// OnActivate is called when a later plain launch asks the running one
	// to show its window. Nil refuses, and that launch fails with the
	// reason, unless Windowless is set.
	OnActivate func()
	// Windowless marks an instance that shows no window (`minca ui`): a
	// later plain launch takes its place (yield.go). It lets go of the
	// instance, the launch becomes it and opens its window, and OnYield,
	// when set, is called.
	Windowless bool
	OnYield    func()
	// ShowsLinks, for a Windowless instance, says whether anything shows
	// the links it takes now (`minca ui`: a page is open). When it says
	// no, a link launch takes its place too, and opens its window with
	// the link. Nil: it always does.
	ShowsLinks func() bool
	// Log gets one line per hand-off received or refused; nil discards.
	Log *slog.Logger
}

// ErrRunning: another process holds the profile's instance (Listen).
// ErrNotRunning: no instance of the profile runs (HandOff, Activate).
var (
	ErrRunning    = errors.New("instance: Minca already runs for this profile")
	ErrNotRunning = errors.New("instance: no running Minca for this profile")
)

// File names in the directory, after the profile (Path). The directory
// is shared with node/localapi, whose node socket is <profile>-<tag>.sock;
// a profile name holds no '.', so these never clash with it.
const (
	lockSuffix = "window.lock"
	sockSuffix = "window.sock"
)

// errLocked: the lock file is held by another process.
var errLocked = errors.New("locked")

// ioTimeout bounds each hand-off exchange, both ends.
const ioTimeout = 5 * time.Second

// Instance is the running instance of a profile.
type Instance struct {
	cfg  Config
	lock *os.File
	ln   net.Listener
	sock string
	wg   sync.WaitGroup

	mu      sync.Mutex
	gone    bool          // let go of: Close or a yield (release)
	yielded chan struct{} // closed when a launch took its place (yield.go)
}

// paths returns the lock and socket names of cfg.
func (cfg Config) paths() (dir, lock, sock string, err error) {
	if lock, err = Path(cfg.Dir, cfg.Profile, lockSuffix); err != nil {
		return "", "", "", err
	}
	if sock, err = Path(cfg.Dir, cfg.Profile, sockSuffix); err != nil {
		return "", "", "", err
	}
	return filepath.Dir(lock), lock, sock, nil
}

// Listen makes this process the profile's instance: it takes the lock and
// serves hand-offs until Close. With another instance running it returns
// ErrRunning; the caller then hands its link over (HandOff) or asks the
// other to show itself (Activate), and exits.
func Listen(cfg Config) (*Instance, error) {
	dir, lockName, sock, err := cfg.paths()
	if err != nil {
		return nil, err
	}
	if err := prepare(dir); err != nil {
		return nil, err
	}
	lock, err := lockFile(lockName)
	if errors.Is(err, errLocked) {
		return nil, ErrRunning
	}
	if err != nil {
		return nil, err
	}
	// Holding the lock, any socket there is a dead instance's.
	if err := os.Remove(sock); err != nil && !errors.Is(err, os.ErrNotExist) {
		lock.Close()
		return nil, fmt.Errorf("instance: remove stale socket: %w", err)
	}
	ln, err := listenPrivate(sock)
	if err != nil {
		lock.Close()
		return nil, err
	}
	in := &Instance{cfg: cfg, lock: lock, ln: ln, sock: sock, yielded: make(chan struct{})}
	if in.cfg.Log == nil {
		in.cfg.Log = slog.New(slog.DiscardHandler)
	}
	in.wg.Add(1)
	go in.serve()
	return in, nil
}

// listenPrivate listens on a unix socket only this user may use.
func listenPrivate(sock string) (net.Listener, error) {
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return nil, fmt.Errorf("instance: listen: %w", err)
	}
	if err := os.Chmod(sock, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("instance: socket mode: %w", err)
	}
	return ln, nil
}

// Close stops serving, removes the socket and releases the lock. After a
// yield it only waits for the server to end: the socket and the lock are
// the new instance's by then.
func (in *Instance) Close() error {
	err := in.release()
	in.wg.Wait()
	return err
}

// release stops listening, removes the socket and lets go of the lock,
// once.
func (in *Instance) release() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.gone {
		return nil
	}
	in.gone = true
	err := in.ln.Close()
	os.Remove(in.sock)
	in.lock.Close()
	return err
}

// serve answers later launches, one connection at a time: they are rare
// and short.
func (in *Instance) serve() {
	defer in.wg.Done()
	for {
		c, err := in.ln.Accept()
		if err != nil {
			return
		}
		in.answer(c)
	}
}

// answer reads one request from c and replies.
func (in *Instance) answer(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(ioTimeout))
	var req request
	err := readLine(bufio.NewReader(c), &req)
	if err == nil && in.yields(req) {
		in.yield(c)
		return
	}
	if err == nil {
		err = in.handle(req)
	}
	if err != nil {
		in.cfg.Log.Warn("instance: hand-off refused", "err", err)
		writeLine(c, reply{Error: err.Error()})
		return
	}
	writeLine(c, reply{OK: true})
}

// handle acts on one request.
func (in *Instance) handle(req request) error {
	if req.V != wireVersion {
		return fmt.Errorf("message version %d, want %d", req.V, wireVersion)
	}
	switch req.Kind {
	case kindLink:
		if in.cfg.OnLink == nil {
			return errors.New("this Minca takes no links")
		}
		l, err := ParseLink(req.Link)
		if err != nil {
			return err
		}
		in.cfg.Log.Info("instance: link received", "short", l.Short)
		go in.cfg.OnLink(l.Pasted())
		return nil
	case kindActivate:
		if in.cfg.OnActivate == nil {
			return errors.New("this Minca shows no window")
		}
		in.cfg.Log.Info("instance: activate received")
		go in.cfg.OnActivate()
		return nil
	}
	return fmt.Errorf("unknown message kind %q", req.Kind)
}

// HandOff checks link and gives it to the profile's running instance. It
// returns ErrNotRunning when none runs (the caller then opens the window
// itself and shows the link there), ErrYielded when it made way for the
// caller (the same), a ParseLink error for a bad link (nothing is sent),
// or ErrRefused with the running one's reason.
func HandOff(cfg Config, link string) error {
	l, err := ParseLink(link)
	if err != nil {
		return fmt.Errorf("open link: %w", err)
	}
	return send(cfg, request{V: wireVersion, Kind: kindLink, Link: l.String()})
}

// Activate asks the profile's running instance to show its window;
// ErrNotRunning when none runs, ErrYielded when it shows none and made way
// for the caller (which then takes the instance: Open).
func Activate(cfg Config) error {
	return send(cfg, request{V: wireVersion, Kind: kindActivate})
}

// send delivers req and reads the reply.
func send(cfg Config, req request) error {
	_, lockName, sock, err := cfg.paths()
	if err != nil {
		return err
	}
	c, err := dialHolder(lockName, sock)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(ioTimeout))
	if err := writeLine(c, req); err != nil {
		return fmt.Errorf("instance: send: %w", err)
	}
	var rep reply
	if err := readLine(bufio.NewReader(c), &rep); err != nil {
		return fmt.Errorf("instance: read the reply: %w", err)
	}
	if rep.Yield {
		return ErrYielded
	}
	if !rep.OK {
		return fmt.Errorf("%w: %s", ErrRefused, rep.Error)
	}
	return nil
}

// startRetry is how often a later launch dials again while the instance
// holds its lock but does not listen yet (it is starting).
const startRetry = 50 * time.Millisecond

// dialHolder dials sock; while nobody listens there but the lock is held,
// the instance is starting, and it dials again for up to ioTimeout.
func dialHolder(lockName, sock string) (net.Conn, error) {
	deadline := time.Now().Add(ioTimeout)
	for {
		c, err := dial(sock)
		if !errors.Is(err, ErrNotRunning) || time.Now().After(deadline) {
			return c, err
		}
		f, lerr := lockFile(lockName)
		if lerr == nil { // nobody holds it: nothing runs
			f.Close()
			return nil, ErrNotRunning
		}
		if errors.Is(lerr, os.ErrNotExist) { // no directory: nothing ran
			return nil, ErrNotRunning
		}
		if !errors.Is(lerr, errLocked) {
			return nil, lerr
		}
		time.Sleep(startRetry)
	}
}

// dial connects to sock. No socket, or nobody listening on it, is
// ErrNotRunning.
func dial(sock string) (net.Conn, error) {
	c, err := net.DialTimeout("unix", sock, ioTimeout)
	if err == nil {
		return c, nil
	}
	if errors.Is(err, os.ErrNotExist) || isRefused(err) {
		return nil, ErrNotRunning
	}
	return nil, fmt.Errorf("instance: dial: %w", err)
}

var _ io.Closer = (*Instance)(nil)
