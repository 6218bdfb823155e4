package instance

import (
	"errors"
	"testing"
)

func TestIsLinkArg(t *testing.T) {
	for arg, want := range map[string]bool{
		"minca:" + shortExample: true, "MINCA://join#invite=x": true, "minca:": true,
		"window": false, "tray": false, "--hidden": false, "https://x/#invite=y": false, "": false, "mincax:y": false,
	} {
		if got := IsLinkArg(arg); got != want {
			t.Errorf("IsLinkArg(%q) = %v, want %v", arg, got, want)
		}
	}
}

// TestOpen: the first window becomes the instance and gets its own launch
// link; a second with a link hands it over, one without asks the first to
// show itself; a bad link is refused before anything happens.
func TestOpen(t *testing.T) {
	dir := shortDir(t)
	r := received{make(chan string, 4), make(chan string, 4)}
	cfg := Config{Dir: dir, Profile: "default",
		OnLink:     func(inv string) { r.links <- inv },
		OnActivate: func() { r.activations <- "activate" }}
	if _, err := Open(cfg, "minca:junk"); !errors.Is(err, ErrNoInvite) {
		t.Fatalf("Open with a bad link = %v, want ErrNoInvite", err)
	}
	in, err := Open(cfg, "minca:"+shortExample)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if got := wait(t, r.links); got != shortExample {
		t.Fatalf("the launch link reached OnLink as %q", got)
	}
	second := Config{Dir: dir, Profile: "default"}
	if _, err := Open(second, "minca://join?invite="+shortExample); !errors.Is(err, ErrHandedOff) {
		t.Fatalf("second Open with a link = %v, want ErrHandedOff", err)
	}
	wait(t, r.links)
	if _, err := Open(second, ""); !errors.Is(err, ErrHandedOff) {
		t.Fatalf("second Open = %v, want ErrHandedOff", err)
	}
	wait(t, r.activations)
	if _, err := Open(second, "file:///etc/passwd"); !errors.Is(err, ErrNotLink) {
		t.Fatalf("second Open with a file link = %v, want ErrNotLink", err)
	}
}
