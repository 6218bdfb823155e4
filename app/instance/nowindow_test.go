package instance

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// An instance with no window (Windowless, as `minca ui`) takes links, and
// makes way for a plain launch: that launch becomes the instance (it opens
// its own window), the first is told (OnYield, Yielded) and serves no more,
// and a later link goes to the new instance. Closing the first then leaves
// the new one's socket and lock alone.
func TestNoWindowYieldsToPlainLaunch(t *testing.T) {
	dir := shortDir(t)
	uiLinks := make(chan string, 1)
	yielded := make(chan struct{})
	ui, err := Listen(Config{Dir: dir, Profile: "p", Windowless: true,
		OnLink: func(inv string) { uiLinks <- inv }, OnYield: func() { close(yielded) }})
	if err != nil {
		t.Fatal(err)
	}
	defer ui.Close()
	if _, err := Open(Config{Dir: dir, Profile: "p"}, "minca:"+shortExample); !errors.Is(err, ErrHandedOff) {
		t.Fatalf("Open with a link = %v, want ErrHandedOff", err)
	}
	if got := wait(t, uiLinks); got != shortExample {
		t.Fatalf("link %q", got)
	}

	winLinks := make(chan string, 1)
	activations := make(chan string, 1)
	win, err := Open(Config{Dir: dir, Profile: "p",
		OnLink: func(inv string) { winLinks <- inv }, OnActivate: func() { activations <- "activate" }}, "")
	if err != nil {
		t.Fatalf("a plain launch with a windowless instance running: %v, want to become the instance", err)
	}
	defer win.Close()
	select {
	case <-yielded:
	case <-time.After(3 * time.Second):
		t.Fatal("OnYield not called in 3 s")
	}
	select {
	case <-ui.Yielded():
	default:
		t.Fatal("Yielded is not closed")
	}
	if err := ui.Close(); err != nil {
		t.Fatalf("Close after the yield: %v", err)
	}
	if err := HandOff(Config{Dir: dir, Profile: "p"}, "minca:"+shortExample); err != nil {
		t.Fatalf("a link after the window took over: %v", err)
	}
	if got := wait(t, winLinks); got != shortExample {
		t.Fatalf("the window got %q", got)
	}
	if len(uiLinks) != 0 {
		t.Fatal("the windowless instance got a link after it made way")
	}
	if err := Activate(Config{Dir: dir, Profile: "p"}); err != nil {
		t.Fatalf("a third plain launch: %v, want the window raised", err)
	}
	wait(t, activations)
}

// An instance that neither shows a window nor is Windowless refuses a
// plain launch's activate with the reason, and keeps the instance.
func TestNoWindowRefusesActivate(t *testing.T) {
	dir := shortDir(t)
	in, err := Listen(Config{Dir: dir, Profile: "p", OnLink: func(string) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cfg := Config{Dir: dir, Profile: "p"}
	if err := Activate(cfg); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "shows no window") {
		t.Fatalf("Activate = %v, want ErrRefused", err)
	}
	if _, err := Open(cfg, ""); !errors.Is(err, ErrRefused) {
		t.Fatalf("Open with no link = %v, want ErrRefused", err)
	}
	if _, err := Listen(cfg); !errors.Is(err, ErrRunning) {
		t.Fatalf("Listen after the refusal = %v, want ErrRunning", err)
	}
}

// A windowless instance takes links while something shows them
// (ShowsLinks); while nothing does, a link launch takes its place and
// gets its own link, as a window launched with it does.
func TestNoWindowYieldsLinkNobodySees(t *testing.T) {
	dir := shortDir(t)
	var shown atomic.Bool
	shown.Store(true)
	uiLinks := make(chan string, 1)
	ui, err := Listen(Config{Dir: dir, Profile: "p", Windowless: true,
		OnLink: func(inv string) { uiLinks <- inv }, ShowsLinks: shown.Load})
	if err != nil {
		t.Fatal(err)
	}
	defer ui.Close()
	if _, err := Open(Config{Dir: dir, Profile: "p"}, "minca:"+shortExample); !errors.Is(err, ErrHandedOff) {
		t.Fatalf("a link while a page shows links: %v, want ErrHandedOff", err)
	}
	wait(t, uiLinks)

	shown.Store(false)
	winLinks := make(chan string, 1)
	win, err := Open(Config{Dir: dir, Profile: "p", OnLink: func(inv string) { winLinks <- inv },
		OnActivate: func() {}}, "minca:"+shortExample)
	if err != nil {
		t.Fatalf("a link while nothing shows links: %v, want to become the instance", err)
	}
	defer win.Close()
	if got := wait(t, winLinks); got != shortExample {
		t.Fatalf("the new window got %q", got)
	}
	select {
	case <-ui.Yielded():
	default:
		t.Fatal("the windowless instance did not make way")
	}
	if len(uiLinks) != 0 {
		t.Fatal("the windowless instance got the link nobody would see")
	}
}
