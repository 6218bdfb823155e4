package keychain

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/zalando/go-keyring"
)

// callSlot lets one go-keyring call run at a time in the process. A call
// that outlives its timeout (an unlock prompt nobody answers) keeps the slot,
// so later calls time out too instead of piling up blocked goroutines.
var callSlot = make(chan struct{}, 1)

// call runs f, a go-keyring call for account, within s.timeout and turns
// its error into ErrNotFound or a *UnavailableError.
func (s *SecretService) call(op, account string, f func() (string, error)) (string, error) {
	if !sessionBusKnown() {
		return "", &UnavailableError{Op: op, Reason: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"}
	}
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	select {
	case callSlot <- struct{}{}:
	case <-timer.C:
		return "", &UnavailableError{Op: op, Reason: "an earlier keychain call is still waiting for an answer"}
	}
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() { <-callSlot }()
		text, err := f()
		done <- result{text, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return "", classify(op, account, r.err)
		}
		return r.text, nil
	case <-timer.C:
		return "", &UnavailableError{Op: op, Reason: fmt.Sprintf("no answer within %v (a locked keyring waiting for its password?)", s.timeout)}
	}
}

// classify maps a go-keyring error: ErrNotFound means absent; every other
// error means no usable keychain (BUILDING-ON-THIS-PLATFORM.md, Keychain).
func classify(op, account string, err error) error {
	if errors.Is(err, keyring.ErrNotFound) {
		return notFound(op, account)
	}
	return &UnavailableError{Op: op, Reason: reason(err), Err: err}
}

// reason names the usual causes of an unusable keychain for people.
func reason(err error) string {
	var opErr *net.OpError
	var execErr *exec.Error
	switch {
	case dbusErrorName(err) == "org.freedesktop.DBus.Error.ServiceUnknown":
		return "no Secret Service provider on the session bus"
	case errors.As(err, &opErr):
		return "the session bus does not answer"
	case errors.As(err, &execErr):
		return "no session bus, and dbus-launch could not start one"
	case strings.Contains(err.Error(), "failed to unlock"):
		return "the keyring is locked"
	}
	return "the Secret Service failed"
}

// dbusErrorName returns the D-Bus error name in err, or "". godbus returns
// call errors as dbus.Error values and some others as pointers.
func dbusErrorName(err error) string {
	var v dbus.Error
	if errors.As(err, &v) {
		return v.Name
	}
	var p *dbus.Error
	if errors.As(err, &p) {
		return p.Name
	}
	return ""
}

// sessionBusKnown reports whether godbus would find a session bus without
// autolaunching one: its dbus-launch fallback leaves daemons running. It
// mirrors godbus's address discovery (env, then /run/user/<uid>/bus or
// dbus-session).
func sessionBusKnown() bool {
	if addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); addr != "" && addr != "autolaunch:" {
		return true
	}
	u, err := user.Current()
	if err != nil {
		return false
	}
	dir := filepath.Join("/run/user", u.Uid)
	for _, name := range []string{"bus", "dbus-session"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}
