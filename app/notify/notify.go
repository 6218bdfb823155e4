// Package notify shows desktop notifications through the Desktop
// Notifications service, org.freedesktop.Notifications on the session
// D-Bus (the Desktop Notifications Specification, 1.2): first of all when
// someone joins one of your spaces (joins.go), each join once, also while
// the watch passes from one process to another (seen.go).
//
// Where there is no session bus or no notification server, a Notifier
// does nothing and logs why, once per reason: a missing notification is no
// error to the person using Minca.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/godbus/dbus/v5"
)

// The service, per the Desktop Notifications Specification.
const (
	service     = "org.freedesktop.Notifications"
	servicePath = dbus.ObjectPath("/org/freedesktop/Notifications")
	iface       = "org.freedesktop.Notifications"
	// expireDefault lets the server pick how long a notification shows.
	expireDefault = int32(-1)
)

// D-Bus errors that mean "no notification server here".
var noServer = []string{
	"org.freedesktop.DBus.Error.ServiceUnknown",
	"org.freedesktop.DBus.Error.NameHasNoOwner",
}

// Config is what a Notifier needs.
type Config struct {
	// Address is the D-Bus address to use; "" means the session bus of
	// DBUS_SESSION_BUS_ADDRESS (never launching one).
	Address string
	// AppName and Icon are sent with every notification; "" means
	// "Minca" and "minca" (the icon build/linux/install-desktop.sh installs).
	AppName, Icon string
	// Log gets why notifications are not shown; nil discards.
	Log *slog.Logger
	// Seen is a file that keeps the members join watches have seen
	// (seen.go), so that a watch taking over from another, in this process
	// or another of the session, shows a join that came in between; ""
	// keeps them in this Notifier only.
	Seen string
}

// Notifier sends notifications. It connects on first use and is safe for
// concurrent use.
type Notifier struct {
	cfg    Config
	mu     sync.Mutex
	conn   *dbus.Conn
	markup *bool           // the server renders body markup; nil until asked
	logged map[string]bool // reasons already logged

	seenMu sync.Mutex
	seen   members // what the last join watch kept (Config.Seen unset)
}

// New returns a Notifier; nothing is connected until the first Notify.
func New(cfg Config) *Notifier {
	if cfg.AppName == "" {
		cfg.AppName = "Minca"
	}
	if cfg.Icon == "" {
		cfg.Icon = "minca"
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Notifier{cfg: cfg, logged: map[string]bool{}}
}

// Notify shows a notification with summary and body (plain text). With
// no bus or no server it returns nil and logs the reason; other failures
// are errors.
func (n *Notifier) Notify(ctx context.Context, summary, body string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	conn, err := n.connLocked()
	if err != nil {
		n.skipLocked("no session bus", err)
		return nil
	}
	if n.markupLocked(ctx, conn) {
		body = escapeMarkup(body)
	}
	var id uint32
	err = conn.Object(service, servicePath).CallWithContext(ctx, iface+".Notify", 0,
		n.cfg.AppName, uint32(0), n.cfg.Icon, summary, body, []string{},
		map[string]dbus.Variant{}, expireDefault).Store(&id)
	if isNoServer(err) {
		n.skipLocked("no notification server", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// connLocked connects once; a failed connection is tried again next time.
func (n *Notifier) connLocked() (*dbus.Conn, error) {
	if n.conn != nil && n.conn.Connected() {
		return n.conn, nil
	}
	var conn *dbus.Conn
	var err error
	if n.cfg.Address != "" {
		conn, err = dbus.Dial(n.cfg.Address)
	} else {
		conn, err = dbus.SessionBusPrivateNoAutoStartup()
	}
	if err != nil {
		return nil, err
	}
	if err = conn.Auth(nil); err == nil {
		err = conn.Hello()
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	n.conn, n.markup = conn, nil
	return conn, nil
}

// markupLocked asks the server once whether it renders body markup
// ("body-markup"); then "<" and "&" in a body must be escaped.
func (n *Notifier) markupLocked(ctx context.Context, conn *dbus.Conn) bool {
	if n.markup != nil {
		return *n.markup
	}
	var caps []string
	err := conn.Object(service, servicePath).CallWithContext(ctx, iface+".GetCapabilities", 0).Store(&caps)
	if err != nil {
		return true // unknown: escaping is the safe reading
	}
	has := false
	for _, c := range caps {
		has = has || c == "body-markup"
	}
	n.markup = &has
	return has
}

// skipLocked logs, once per reason, that a notification was not shown.
func (n *Notifier) skipLocked(reason string, err error) {
	if n.logged[reason] {
		return
	}
	n.logged[reason] = true
	n.cfg.Log.Info("notify: notifications are off: "+reason, "err", err)
}

// Close closes the connection.
func (n *Notifier) Close() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.conn == nil {
		return nil
	}
	err := n.conn.Close()
	n.conn = nil
	return err
}

func isNoServer(err error) bool {
	var de dbus.Error
	if errors.As(err, &de) {
		for _, name := range noServer {
			if de.Name == name {
				return true
			}
		}
	}
	return false
}

// escapeMarkup escapes what the specification's body markup would read.
func escapeMarkup(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
