package instance

import (
	"bufio"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildDir holds the files that register Scheme with each desktop.
var buildDir = filepath.Join("..", "..", "build")

// desktopEntry reads the [Desktop Entry] keys of a .desktop file.
func desktopEntry(t *testing.T, name string) map[string]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			keys[k] = v
		}
	}
	return keys
}

// TestDesktopFile: build/linux/minca.desktop hands minca: links to
// `minca %u`.
func TestDesktopFile(t *testing.T) {
	keys := desktopEntry(t, filepath.Join(buildDir, "linux", "minca.desktop"))
	if keys["Exec"] != "minca %u" {
		t.Errorf("Exec=%q, want %q", keys["Exec"], "minca %u")
	}
	if !strings.Contains(";"+keys["MimeType"], ";x-scheme-handler/"+Scheme+";") {
		t.Errorf("MimeType=%q does not name x-scheme-handler/%s", keys["MimeType"], Scheme)
	}
	if keys["Type"] != "Application" || keys["Name"] == "" {
		t.Errorf("not an application entry: %v", keys)
	}
}

// TestInstallDesktop runs build/linux/install-desktop.sh in a temporary
// HOME: the entry's Exec names the binary, and xdg-mime (when installed)
// answers minca.desktop for x-scheme-handler/minca.
func TestInstallDesktop(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_DATA_DIRS="+filepath.Join(home, "data"))
	script := filepath.Join(buildDir, "linux", "install-desktop.sh")
	cmd := exec.Command("bash", script, "/opt/My Minca/minca")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	keys := desktopEntry(t, filepath.Join(home, "data", "applications", "minca.desktop"))
	if want := `"/opt/My Minca/minca" %u`; keys["Exec"] != want {
		t.Errorf("installed Exec=%q, want %q", keys["Exec"], want)
	}
	if _, err := os.Stat(filepath.Join(home, "data", "icons", "hicolor", "64x64", "apps", "minca.png")); err != nil {
		t.Errorf("icon: %v", err)
	}
	bad := exec.Command("bash", script, "/opt/$HOME/minca")
	bad.Env = env
	if err := bad.Run(); err == nil {
		t.Error("a path with $ was installed")
	}
	if _, err := exec.LookPath("xdg-mime"); err != nil {
		t.Log("xdg-mime not installed: default handler not checked")
		return
	}
	q := exec.Command("xdg-mime", "query", "default", "x-scheme-handler/"+Scheme)
	q.Env = env
	out, err := q.Output()
	if err != nil || strings.TrimSpace(string(out)) != "minca.desktop" {
		t.Fatalf("xdg-mime query default = %q, %v; want minca.desktop", out, err)
	}
}

// TestInfoPlist: build/darwin/Info.plist declares Scheme in
// CFBundleURLTypes.
func TestInfoPlist(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(buildDir, "darwin", "Info.plist"))
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	dec.Strict = true
	var key, inSchemes, found = "", false, false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		var text string
		switch se.Name.Local {
		case "key":
			dec.DecodeElement(&text, &se)
			key = text
			inSchemes = key == "CFBundleURLSchemes"
		case "string":
			dec.DecodeElement(&text, &se)
			found = found || (inSchemes && text == Scheme)
		}
	}
	if !found {
		t.Fatalf("Info.plist has no CFBundleURLSchemes entry %q", Scheme)
	}
}

// TestWindowsRegistration: the .reg file and the NSIS snippet register
// Scheme as a URL protocol opened with the link as its one argument.
func TestWindowsRegistration(t *testing.T) {
	reg, err := os.ReadFile(filepath.Join(buildDir, "windows", "minca-url.reg"))
	if err != nil {
		t.Fatal(err)
	}
	nsh, err := os.ReadFile(filepath.Join(buildDir, "windows", "minca-url.nsh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`[HKEY_CURRENT_USER\Software\Classes\` + Scheme + "]",
		`"URL Protocol"=""`,
		`[HKEY_CURRENT_USER\Software\Classes\` + Scheme + `\shell\open\command]`,
		`minca.exe\" \"%1\""`,
	} {
		if !strings.Contains(string(reg), want) {
			t.Errorf("minca-url.reg lacks %s", want)
		}
	}
	for _, want := range []string{`"Software\Classes\` + Scheme + `" "URL Protocol" ""`, `\minca.exe" "%1"'`} {
		if !strings.Contains(string(nsh), want) {
			t.Errorf("minca-url.nsh lacks %s", want)
		}
	}
}
