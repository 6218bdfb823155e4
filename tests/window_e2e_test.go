//go:build e2e

package tests

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Colours of the UI (frontend/src/styles.css): the sidebar, and the card
// the status is shown on.
var (
	sidebarColour = [3]uint8{0x1d, 0x24, 0x33}
	cardColour    = [3]uint8{0xff, 0xff, 0xff}
)

// windowShot is what a screenshot of the window shows.
type windowShot struct {
	img                  image.Image
	sidebar, card, inked float64 // shares of the window's pixels
}

// analyse measures the sidebar and card colours and, in the right-hand
// pane, the share of dark "ink" pixels that text leaves.
func analyse(img image.Image) windowShot {
	b := img.Bounds()
	var sidebar, card, inked, pane int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}
			switch {
			case near(c, sidebarColour):
				sidebar++
			case near(c, cardColour):
				card++
			}
			if x > b.Min.X+b.Dx()/4 {
				pane++
				if int(c[0])+int(c[1])+int(c[2]) < 3*110 {
					inked++
				}
			}
		}
	}
	all := float64(b.Dx() * b.Dy())
	return windowShot{img, float64(sidebar) / all, float64(card) / all, float64(inked) / float64(pane)}
}

func near(a, b [3]uint8) bool {
	for i := range a {
		if d := int(a[i]) - int(b[i]); d > 4 || d < -4 {
			return false
		}
	}
	return true
}

// rendered reports whether the shot shows the UI: a sidebar, a card, and
// text in the pane — not a blank or single-colour window.
func (s windowShot) rendered() bool {
	return s.sidebar > 0.08 && s.card > 0.05 && s.inked > 0.002
}

// screenshot grabs the X window named title, as a PNG.
func screenshot(title string) (image.Image, []byte, error) {
	ids, err := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^"+title+"$").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("no window %q yet", title)
	}
	id := strings.Fields(string(ids))[0]
	raw, err := exec.Command("import", "-window", id, "png:-").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("import: %w", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	return img, raw, err
}

// TestWindowE2ERenders starts the real window on Xvfb, waits until a
// screenshot shows the rendered UI and the Go side logged the Status call
// the page made through the Wails binding, and checks the node's state.
func TestWindowE2ERenders(t *testing.T) {
	bin := e2eBin(t)
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("DISPLAY is unset: run under xvfb-run (tests/run-e2e.sh does)")
	}
	home := t.TempDir()
	cmd := exec.Command(bin)
	cmd.Env = homeEnv(home, "MINCA_LOG=debug")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()

	var shot windowShot
	var raw []byte
	deadline := time.Now().Add(60 * time.Second)
	for !(shot.rendered() && strings.Contains(out.String(), "msg=call method=Status")) {
		select {
		case err := <-exited:
			t.Fatalf("window exited early: %v\n%s", err, out.String())
		case <-time.After(500 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no rendered UI in 60 s (sidebar %.3f, card %.3f, ink %.4f)\noutput:\n%s",
				shot.sidebar, shot.card, shot.inked, out.String())
		}
		if img, png, err := screenshot("Minca"); err == nil {
			shot, raw = analyse(img), png
		}
	}
	t.Logf("window %v: sidebar %.3f, card %.3f, ink %.4f", shot.img.Bounds().Size(), shot.sidebar, shot.card, shot.inked)
	if dir := os.Getenv("MINCA_E2E_ARTIFACTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "window.png"), raw, 0o644)
	}
	if _, err := os.Stat(filepath.Join(home, ".local/share/minca/profiles/default/node.db")); err != nil {
		t.Errorf("window did not open the node's store: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "Minca")); !os.IsNotExist(err) {
		t.Errorf("window created the data folder: %v", err)
	}
}

// TestWindowE2EBlankIsNotRendered: the check above fails on a window that
// shows only its background colour, as a WebKit that failed to paint does.
func TestWindowE2EBlankIsNotRendered(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 200, 100))
	for i := range img.Pix {
		img.Pix[i] = 0xf6
	}
	if analyse(img).rendered() {
		t.Fatal("a blank window counts as rendered")
	}
}
