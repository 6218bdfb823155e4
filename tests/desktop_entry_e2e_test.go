//go:build e2e

package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// schemeMime is the MIME type under which desktops look up the handler of
// minca: links (build/linux/minca.desktop's MimeType line).
const schemeMime = "x-scheme-handler/minca"

// TestMakeRunRegistersLinks: on Linux `make run` registers the built
// binary for minca: links before it starts it. The test reads the
// registering command out of `make -n run` (so it checks what `make run`
// does, not a copy of it), runs it twice for a user whose HOME,
// XDG_DATA_HOME and XDG_CONFIG_HOME are empty temp dirs, and asks
// `xdg-mime query default` which desktop file opens minca: links: none
// before, minca.desktop after, whose Exec line names the binary by its
// absolute path. Quiet means nothing on stdout.
func TestMakeRunRegistersLinks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("desktop entries are Linux's")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	line := registerLine(t, root)
	fields := strings.Fields(line)
	if len(fields) != 3 || fields[0] != "build/linux/install-desktop.sh" || fields[1] != "--quiet" {
		t.Fatalf("make run registers with %q, want build/linux/install-desktop.sh --quiet BIN", line)
	}
	bin := filepath.Join(root, "bin", "minca")
	if fields[2] != bin {
		t.Fatalf("make run registers %q, want the built binary %q", fields[2], bin)
	}

	home := t.TempDir()
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
	}
	if got := queryDefault(t, env); got != "" {
		t.Fatalf("before make run, %s is opened by %q; want none", schemeMime, got)
	}
	for i := 0; i < 2; i++ { // idempotent: a second run changes nothing
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir, cmd.Env = root, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("run %d of %q: %v\n%s", i+1, line, err, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Fatalf("run %d of %q is not quiet: %q", i+1, line, stdout.String())
		}
		if got := queryDefault(t, env); got != "minca.desktop" {
			t.Fatalf("after run %d, %s is opened by %q; want minca.desktop", i+1, schemeMime, got)
		}
	}
	entry, err := os.ReadFile(filepath.Join(home, "data", "applications", "minca.desktop"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "\nExec=\"" + bin + "\" %u\n"; !strings.Contains(string(entry), want) {
		t.Fatalf("desktop entry lacks %q:\n%s", want, entry)
	}
	if !strings.Contains(string(entry), "\nMimeType="+schemeMime+";\n") {
		t.Fatalf("desktop entry lacks the MimeType %s:\n%s", schemeMime, entry)
	}
}

// registerLine is the line of `make -n run` that registers the binary with
// the desktop; it must come before the line that starts the binary.
func registerLine(t *testing.T, root string) string {
	t.Helper()
	cmd := exec.Command("make", "-n", "--no-print-directory", "run")
	cmd.Dir = root
	for _, kv := range os.Environ() { // run from `make test`: not its flags
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n run: %v\n%s", err, out)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		if !strings.Contains(l, "install-desktop.sh") {
			continue
		}
		for _, later := range lines[i+1:] {
			if strings.TrimSpace(later) == "./bin/minca" {
				return strings.TrimSpace(l)
			}
		}
		t.Fatalf("make -n run starts the binary before registering it:\n%s", out)
	}
	t.Fatalf("make -n run does not register the binary:\n%s", out)
	return ""
}

// queryDefault is the desktop file xdg-mime names for minca: links in env.
func queryDefault(t *testing.T, env []string) string {
	t.Helper()
	cmd := exec.Command("xdg-mime", "query", "default", schemeMime)
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("xdg-mime query default %s: %v", schemeMime, err)
	}
	return strings.TrimSpace(string(out))
}
