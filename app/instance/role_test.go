package instance

import (
	"errors"
	"os"
	"testing"
)

// TestHoldRole: one holder per profile and role; Holder names it while it
// holds, and nobody once it has let go; roles and profiles are apart.
func TestHoldRole(t *testing.T) {
	dir := shortDir(t)
	if pid := Holder(dir, "p", RoleTray); pid != 0 {
		t.Fatalf("Holder before anyone holds = %d", pid)
	}
	h, err := Hold(dir, "p", RoleTray)
	if err != nil {
		t.Fatal(err)
	}
	if pid := Holder(dir, "p", RoleTray); pid != os.Getpid() {
		t.Fatalf("Holder = %d, want this process %d", pid, os.Getpid())
	}
	if _, err := Hold(dir, "p", RoleTray); !errors.Is(err, ErrRunning) {
		t.Fatalf("a second Hold = %v, want ErrRunning", err)
	}
	for _, other := range [][2]string{{"p", RoleNotify}, {"q", RoleTray}} {
		o, err := Hold(dir, other[0], other[1])
		if err != nil {
			t.Fatalf("Hold %v while p's tray is held: %v", other, err)
		}
		o.Release()
	}
	h.Release()
	h.Release()
	if pid := Holder(dir, "p", RoleTray); pid != 0 {
		t.Fatalf("Holder after Release = %d", pid)
	}
	again, err := Hold(dir, "p", RoleTray)
	if err != nil {
		t.Fatalf("Hold after Release: %v", err)
	}
	again.Release()
}

// TestHoldRoleRefusesBadNames: a role or profile that is not one plain
// name is refused before any file is made.
func TestHoldRoleRefusesBadNames(t *testing.T) {
	dir := shortDir(t)
	for _, c := range [][2]string{{"p", ""}, {"p", "../x"}, {"p", "a.b"}, {"../p", RoleTray}, {"", RoleTray}} {
		if _, err := Hold(dir, c[0], c[1]); err == nil {
			t.Errorf("Hold(%q, %q) = nil error", c[0], c[1])
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused Hold made %s: %v", dir, err)
	}
}
