package instance

import (
	"errors"
	"strings"
	"testing"
)

// TestIsLinkArg: minca: links and invite links on the web are links to
// open (a bad invite in one is ParseLink's to refuse); any other argument,
// a web link without an invite among them, is a command, and only those
// web links get WebLinkHint's sentence.
func TestIsLinkArg(t *testing.T) {
	for arg, want := range map[string]bool{
		"minca:" + shortExample: true, "MINCA://join#invite=x": true, "minca:": true,
		"https://minca.dev/join#invite=" + shortExample: true, "https://minca.dev/join?invite=" + shortExample: true,
		"HTTP://127.0.0.1:8080/?x=1&invite=" + shortExample: true, "https://x/#invite=y": true,
		"window": false, "tray": false, "--hidden": false, "": false, "mincax:y": false,
		"https://minca.dev/join": false, "https://minca.dev/join#token=y": false, "ftp://x/#invite=" + shortExample: false,
	} {
		if got := IsLinkArg(arg); got != want {
			t.Errorf("IsLinkArg(%q) = %v, want %v", arg, got, want)
		}
		web := !want && (strings.HasPrefix(arg, "https:") || strings.HasPrefix(arg, "http:"))
		if h := WebLinkHint(arg); (h != "") != web {
			t.Errorf("WebLinkHint(%q) = %q", arg, h)
		}
	}
	for _, arg := range []string{"https://minca.dev/join#invite=" + shortExample, "https://minca.dev/join?invite=" + shortExample} {
		l, err := ParseLink(arg)
		if err != nil || l.Invite != shortExample || !l.Short {
			t.Errorf("ParseLink(%q) = %+v, %v", arg, l, err)
		}
	}
	if _, err := ParseLink("https://x/#invite=y"); !errors.Is(err, ErrNoInvite) {
		t.Errorf("a web link with a bad invite: %v, want ErrNoInvite", err)
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
