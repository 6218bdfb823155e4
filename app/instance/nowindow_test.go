package instance

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// An instance with no window (no OnActivate, as `minca ui`) still takes
// links, but refuses a plain launch's activate, which then fails with the
// reason rather than exiting as if a window had come up.
func TestNoWindowRefusesActivate(t *testing.T) {
	dir := shortDir(t)
	links := make(chan string, 1)
	in, err := Listen(Config{Dir: dir, Profile: "p", OnLink: func(inv string) { links <- inv }})
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
	if _, err := Open(cfg, "minca:"+shortExample); !errors.Is(err, ErrHandedOff) {
		t.Fatalf("Open with a link = %v, want ErrHandedOff", err)
	}
	select {
	case got := <-links:
		if got != shortExample {
			t.Fatalf("link %q", got)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the link did not arrive in 3 s")
	}
}
