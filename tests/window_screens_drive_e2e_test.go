//go:build e2e

package tests

import (
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Driving the real window as a person does, for window_screens_e2e_test.go:
// xdotool clicks on words the screen shows (found by OCR) and key presses;
// each screen waited for until OCR reads it, its shot kept.

// Where things are in the window (frontend/src/App.svelte: a 220 px
// sidebar), and how long a screen may take to show.
var (
	sidebar    = image.Rect(0, 0, 220, 4000)
	mainArea   = image.Rect(220, 0, 4000, 4000)
	screenWait = 30 * time.Second
)

// readmeShots are the screens the README shows (docs/screenshots), written
// when MINCA_UPDATE_SCREENSHOTS=1.
var readmeShots = map[string]bool{"spaces": true, "space": true, "invite": true, "folder": true, "sync": true}

// screensWindow is the real window of one profile.
type screensWindow struct {
	t      *testing.T
	id     string // X window id
	cmd    *exec.Cmd
	out    *syncBuffer
	exited chan error
	shot   []byte    // the last screenshot, PNG
	words  []ocrWord // what OCR read in it
}

// openScreensWindow starts `minca` (the window) in env and waits for its
// X window, which it gives the keyboard focus.
func openScreensWindow(t *testing.T, bin string, env []string) *screensWindow {
	t.Helper()
	w := &screensWindow{t: t, cmd: exec.Command(bin), out: &syncBuffer{}, exited: make(chan error, 1)}
	w.cmd.Env = env
	w.cmd.Stdout, w.cmd.Stderr = w.out, w.out
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.exited <- w.cmd.Wait() }()
	stopTrayAfter(t, env) // after the window (cleanups run last first)
	t.Cleanup(w.close)
	deadline := time.Now().Add(screenWait)
	for {
		id, err := windowID("Minca")
		if err == nil {
			w.id = id
			break
		}
		w.alive()
		if time.Now().After(deadline) {
			t.Fatalf("no window in %v:\n%s", screenWait, w.out.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	w.xdotool("windowfocus", "--sync", w.id)
	return w
}

// close ends the window's process and waits until its X window is gone.
func (w *screensWindow) close() {
	if w.cmd.Process == nil || w.exited == nil {
		return
	}
	w.cmd.Process.Kill()
	<-w.exited
	w.exited = nil
	for i := 0; i < 50; i++ {
		if _, err := windowID("Minca"); err != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (w *screensWindow) alive() {
	w.t.Helper()
	select {
	case err := <-w.exited:
		w.exited = nil
		w.t.Fatalf("the window exited: %v\n%s", err, w.out.String())
	default:
	}
}

func (w *screensWindow) xdotool(args ...string) {
	w.t.Helper()
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		w.t.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// look takes a screenshot and reads it.
func (w *screensWindow) look() {
	w.t.Helper()
	w.alive()
	_, raw, err := grabWindow(w.id)
	if err != nil {
		w.t.Fatalf("screenshot: %v", err)
	}
	if w.words, err = readShot(raw); err != nil {
		w.t.Fatalf("OCR: %v", err)
	}
	w.shot = raw
}

// waitFor looks until the screen s is shown, and keeps its shot.
func (w *screensWindow) waitFor(s screen) shown {
	w.t.Helper()
	began := time.Now()
	deadline := began.Add(screenWait)
	for w.look(); !s.shownIn(w.words); w.look() {
		if time.Now().After(deadline) {
			miss, all := s.missing(w.words)
			saveShot(w.t, s.name+"-failed", w.shot)
			w.t.Fatalf("screen %s not shown in %v: %d of its %d words unread %q; OCR read: %s",
				s.name, screenWait, len(miss), all, miss, text(w.words))
		}
		time.Sleep(300 * time.Millisecond)
	}
	saveShot(w.t, s.name, w.shot)
	miss, all := s.missing(w.words)
	w.t.Logf("screen %s shown in %v (%d of %d words unread: %q)", s.name, time.Since(began).Round(time.Millisecond), len(miss), all, miss)
	return shown{s, w.shot, w.words}
}

// where looks until phrase shows inside area and returns its centre.
func (w *screensWindow) where(phrase string, area image.Rectangle) image.Point {
	w.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		if p, ok := find(w.words, phrase, area); ok {
			return p
		}
		if time.Now().After(deadline) {
			saveShot(w.t, "missing-"+strings.ReplaceAll(phrase, " ", "-"), w.shot)
			w.t.Fatalf("%q not shown in %v; OCR read: %s", phrase, screenWait, text(w.words))
		}
		time.Sleep(300 * time.Millisecond)
		w.look()
	}
}

// click clicks the words phrase where they show inside area (in the last
// shot, or looking again until they show).
func (w *screensWindow) click(phrase string, area image.Rectangle) {
	w.t.Helper()
	p := w.where(phrase, area)
	w.xdotool("mousemove", "--window", w.id, strconv.Itoa(p.X), strconv.Itoa(p.Y), "click", "1")
	w.words = nil
}

// clickLine clicks phrase where it makes a line of its own inside area
// (a label, not the same words in a sentence), looking until it shows.
func (w *screensWindow) clickLine(phrase string, area image.Rectangle) {
	w.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		w.look()
		if p, ok := findLine(w.words, phrase, area); ok {
			w.xdotool("mousemove", "--window", w.id, strconv.Itoa(p.X), strconv.Itoa(p.Y), "click", "1")
			w.words = nil
			return
		}
		if time.Now().After(deadline) {
			saveShot(w.t, "missing-"+strings.ReplaceAll(phrase, " ", "-"), w.shot)
			w.t.Fatalf("no line %q in %v; OCR read: %s", phrase, screenWait, text(w.words))
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// key presses keys, as xdotool names them, in the focused window, and
// lets the page settle (WebKit scrolls smoothly).
func (w *screensWindow) key(keys ...string) {
	w.t.Helper()
	w.xdotool(append([]string{"key", "--delay", "30"}, keys...)...)
	w.words = nil // the last shot is out of date
	time.Sleep(400 * time.Millisecond)
}

// scrollTo brings phrase into view, wherever the page is scrolled and
// however long it is: it looks, pages down (Page Down) to the page's end,
// then goes from the top (Home) down in half pages (arrow keys), and so
// on until phrase shows or screenWait is over.
func (w *screensWindow) scrollTo(phrase string) {
	w.t.Helper()
	deadline := time.Now().Add(screenWait)
	for pass := 0; ; pass++ {
		step := []string{"Page_Down"}
		if pass%2 == 1 {
			w.key("Home")
			step = []string{"--repeat", "7", "Down"}
		}
		for steps := 0; steps < 10; steps++ {
			w.look()
			if _, ok := find(w.words, phrase, mainArea); ok {
				return
			}
			w.key(step...)
		}
		if time.Now().After(deadline) {
			saveShot(w.t, "missing-"+strings.ReplaceAll(phrase, " ", "-"), w.shot)
			w.t.Fatalf("%q not shown in %v, scrolling up and down; OCR read: %s", phrase, screenWait, text(w.words))
		}
	}
}

// place waits until phrase shows, then scrolls with the arrow keys until
// it shows about y pixels from the window's top, or as far as the page
// goes. One key press measures the step; where that press alone takes
// phrase out of view it goes back. WebKit scrolls smoothly, so a press
// still under way makes the step short and the rest overshoot: then it
// steps back, a press at a time, until phrase shows again.
func (w *screensWindow) place(phrase string, y int) {
	w.t.Helper()
	at := w.where(phrase, mainArea)
	key, back, dir := "Down", "Up", 1
	if at.Y < y {
		key, back, dir = "Up", "Down", -1
	}
	w.key(key)
	w.look()
	now, ok := find(w.words, phrase, mainArea)
	if !ok { // it was closer than a press goes: back to where it was
		w.t.Logf("place %q at %d: at %d, gone after one %s: one %s", phrase, y, at.Y, key, back)
		w.key(back)
		return
	}
	step := dir * (at.Y - now.Y)
	if step <= 0 {
		return
	}
	n := dir * (now.Y - y) / step
	w.t.Logf("place %q at %d: at %d, then %d after one %s; %d more", phrase, y, at.Y, now.Y, key, max(n, 0))
	if n <= 0 {
		return
	}
	w.key("--repeat", strconv.Itoa(n), key)
	for i := 0; i < n; i++ {
		w.look()
		if _, ok := find(w.words, phrase, mainArea); ok {
			return
		}
		w.t.Logf("place %q: not shown, one %s", phrase, back)
		w.key(back)
	}
}

// shown is a screen as it was shown: its shot and what OCR read in it.
type shown struct {
	screen
	shot  []byte
	words []ocrWord
}

// saveShot keeps a shot in $MINCA_E2E_ARTIFACTS when set, and those the
// README shows in docs/screenshots when MINCA_UPDATE_SCREENSHOTS=1.
func saveShot(t *testing.T, name string, shot []byte) {
	t.Helper()
	if dir := os.Getenv("MINCA_E2E_ARTIFACTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "screen-"+name+".png"), shot, 0o644); err != nil {
			t.Errorf("artifact %s: %v", name, err)
		}
	}
	if os.Getenv("MINCA_UPDATE_SCREENSHOTS") == "1" && readmeShots[name] {
		dir := filepath.Join("..", "docs", "screenshots")
		out, err := pipe(shot, "convert", "png:-", "-strip", "png:-")
		if err == nil {
			err = os.MkdirAll(dir, 0o755)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name+".png"), out, 0o644)
		}
		if err != nil {
			t.Errorf("docs/screenshots/%s.png: %v", name, err)
		}
	}
}
