package tray

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/app/tray/traytest"
	"minca.dev/desktop/node/api"
)

func TestScheduleBacksOff(t *testing.T) {
	var s schedule
	steps := []struct {
		changed bool
		want    time.Duration
	}{
		{true, 2 * time.Second},
		{false, 4 * time.Second},
		{false, 8 * time.Second},
		{false, 16 * time.Second},
		{false, 32 * time.Second},
		{false, time.Minute},
		{false, time.Minute},
		{true, 2 * time.Second},
		{false, 4 * time.Second},
	}
	for i, step := range steps {
		if got := s.next(step.changed); got != step.want {
			t.Fatalf("step %d (changed %v): %v, want %v", i, step.changed, got, step.want)
		}
	}
	var fresh schedule
	if got := fresh.next(false); got != minRefresh {
		t.Fatalf("first interval %v, want %v", got, minRefresh)
	}
}

// TestIdleRefreshes bounds the Status calls of an idle hour.
func TestIdleRefreshes(t *testing.T) {
	var s schedule
	calls, elapsed := 1, time.Duration(0)
	for changed := true; elapsed < time.Hour; changed = false {
		elapsed += s.next(changed)
		calls++
	}
	if calls > 70 {
		t.Fatalf("%d Status calls in an idle hour, want at most 70", calls)
	}
}

func TestShown(t *testing.T) {
	tests := []struct {
		name string
		look Look
		err  error
		want Look
	}{
		{"one line", Look{"Up to date · 2 spaces\n", IconNormal}, nil, Look{"Up to date · 2 spaces", IconNormal}},
		{"first of several", Look{"\n  Syncing 1 space…  \nnode: pid 42\n", IconSyncing}, nil, Look{"Syncing 1 space…", IconSyncing}},
		{"windows newlines", Look{"Sync paused\r\nmore\r\n", IconPaused}, nil, Look{"Sync paused", IconPaused}},
		{"blank", Look{" \n\t\n", IconNormal}, nil, Look{"Minca: no status", IconNormal}},
		{"error", Look{"ignored", IconNormal}, errors.New("node not running\nsee log"), Look{"Status unavailable: node not running", IconAttention}},
		{"api error", Look{}, fmt.Errorf("status: %w", api.Errorf(api.CodeUnavailable, "the keychain is not reachable")), Look{"Status unavailable: the keychain is not reachable", IconAttention}},
		{"api error as the window's JSON", Look{}, jsonError{api.Errorf(api.CodeLocked, "the account is locked")}, Look{"Status unavailable: the account is locked", IconAttention}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Shown(tc.look, tc.err); got != tc.want {
				t.Fatalf("Shown = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestWhereLine(t *testing.T) {
	line := "Minca 0.1.0 · store /home/jo_ann/.local/share/minca/profiles/default/node.db · data folder /home/jo_ann/Minca (in use)"
	tests := []struct {
		name, line string
		err        error
		want       string
	}{
		{"the line", line + "\n", nil, line},
		{"first of several", "\n  " + line + "\nmore\n", nil, line},
		{"blank", " \n", nil, "Minca: no status"},
		{"error", line, errors.New("node not running\nsee log"), "Status unavailable: node not running"},
		{"api error as the window's JSON", "", jsonError{api.Errorf(api.CodeUnavailable, "the node is busy")}, "Status unavailable: the node is busy"},
	}
	for _, tc := range tests {
		if got := whereLine(tc.line, tc.err); got != tc.want {
			t.Errorf("%s: whereLine = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// jsonError is an error whose text is JSON and which unwraps to an
// *api.Error, as app.UIError is.
type jsonError struct{ e *api.Error }

func (j jsonError) Error() string {
	b, _ := json.Marshal(j.e)
	return string(b)
}
func (j jsonError) Unwrap() error { return j.e }

func TestCheck(t *testing.T) {
	status := func() (Look, error) { return Look{Line: "ok"}, nil }
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"nil Status", Config{}, "tray: Config.Status is required"},
		{"Pause alone", Config{Status: status, Pause: func() error { return nil }}, "tray: Config.Pause, Resume and Paused go together"},
		{"no Paused", Config{Status: status, Pause: func() error { return nil }, Resume: func() error { return nil }}, "tray: Config.Pause, Resume and Paused go together"},
		{"Paused alone", Config{Status: status, Paused: func() bool { return false }}, "tray: Config.Pause, Resume and Paused go together"},
		{"StartAtLogin alone", Config{Status: status, StartAtLogin: func() bool { return false }}, "tray: Config.StartAtLogin and SetStartAtLogin go together"},
		// Tests run off the main goroutine, like a wrong caller.
		{"off the main goroutine", Config{Status: status}, "tray: Run must be called from the main goroutine"},
	}
	for _, tc := range tests {
		if err := check(tc.cfg); err == nil || err.Error() != tc.want {
			t.Errorf("%s: check = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestDisplayMissing(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := displayMissing(); err == nil {
		t.Fatal("no display: want an error, not a GTK abort")
	}
	t.Setenv("DISPLAY", ":99")
	if err := displayMissing(); err != nil {
		t.Fatalf("DISPLAY set: %v", err)
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "wayland-0")
	if err := displayMissing(); err != nil {
		t.Fatalf("WAYLAND_DISPLAY set: %v", err)
	}
}

// TestEscapeMnemonic: a tray host shows the status line as it is.
func TestEscapeMnemonic(t *testing.T) {
	for _, s := range []string{"plain", "/home/jo_ann/x__y", "_", "__", "a_·_b_"} {
		if got := (traytest.Item{Label: escapeMnemonic(s)}).Text(); got != s {
			t.Errorf("%q shows as %q", s, got)
		}
	}
}
