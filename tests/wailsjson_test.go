package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// wailsProject is wails.json as the pinned wails CLI (v2.9.2) reads it: the
// fields of its internal/project.Project, Author and Info, Bindings. A key
// it does not know is silently ignored by that CLI, so the test refuses it
// (such as "build:tags", which v2.9.2 has not: the tags go on the command
// line, README's "building by hand"). "$schema" is the editor's hint Wails'
// own templates carry.
type wailsProject struct {
	Schema                 string            `json:"$schema"`
	Name                   string            `json:"name"`
	AssetDirectory         string            `json:"assetdir"`
	ReloadDirectories      string            `json:"reloaddirs"`
	BuildCommand           string            `json:"frontend:build"`
	InstallCommand         string            `json:"frontend:install"`
	DevCommand             string            `json:"frontend:dev"`
	DevBuildCommand        string            `json:"frontend:dev:build"`
	DevInstallCommand      string            `json:"frontend:dev:install"`
	DevWatcherCommand      string            `json:"frontend:dev:watcher"`
	FrontendDevServerURL   string            `json:"frontend:dev:serverUrl"`
	WailsJSDir             string            `json:"wailsjsdir"`
	Version                string            `json:"version"`
	Path                   string            `json:"projectdir"`
	BuildDir               string            `json:"build:dir"`
	OutputFilename         string            `json:"outputfilename"`
	OutputType             string            // no tag in v2.9.2
	Platform               string            // no tag in v2.9.2
	RunNonNativeBuildHooks bool              `json:"runNonNativeBuildHooks"`
	PostBuildHooks         map[string]string `json:"postBuildHooks"`
	PreBuildHooks          map[string]string `json:"preBuildHooks"`
	Author                 struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	Info struct {
		CompanyName      string            `json:"companyName"`
		ProductName      string            `json:"productName"`
		ProductVersion   string            `json:"productVersion"`
		Copyright        *string           `json:"copyright"`
		Comments         *string           `json:"comments"`
		FileAssociations []json.RawMessage `json:"fileAssociations"`
		Protocols        []json.RawMessage `json:"protocols"`
	}
	DebounceMS int    `json:"debounceMS"`
	DevServer  string `json:"devServer"`
	AppArgs    string `json:"appargs"`
	NSISType   string `json:"nsisType"`
	Obfuscated bool   `json:"obfuscated"`
	GarbleArgs string `json:"garbleargs"`
	// FrontendDir is where the CLI runs the frontend's commands.
	FrontendDir string `json:"frontend:dir"`
	Bindings    struct {
		TsGeneration struct {
			Prefix     string `json:"prefix"`
			Suffix     string `json:"suffix"`
			OutputType string `json:"outputType"`
		} `json:"ts_generation"`
	} `json:"bindings"`
}

// readWailsJSON decodes data as the wails CLI v2.9.2 reads wails.json,
// refusing keys it would ignore.
func readWailsJSON(data []byte) (wailsProject, error) {
	var p wailsProject
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("wails.json: %w (the wails CLI v2.9.2 ignores a key it does not know)", err)
	}
	return p, nil
}

// frontendCommand checks that cmd, a frontend command of wails.json, names
// something package.json has: `npm ci`, `npm install` or `npm run SCRIPT`.
func frontendCommand(cmd string, scripts map[string]string) error {
	f := strings.Fields(cmd)
	switch {
	case len(f) == 2 && f[0] == "npm" && (f[1] == "ci" || f[1] == "install"):
		return nil
	case len(f) == 3 && f[0] == "npm" && f[1] == "run":
		if _, ok := scripts[f[2]]; ok {
			return nil
		}
		return fmt.Errorf("%q: frontend/package.json has no script %q", cmd, f[2])
	}
	return fmt.Errorf("%q: not npm ci, npm install or npm run SCRIPT", cmd)
}

// TestWailsJSON: wails.json holds only keys the pinned wails CLI knows, and
// its frontend commands run things the frontend has.
func TestWailsJSON(t *testing.T) {
	data, err := os.ReadFile("../wails.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := readWailsJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name == "" || p.OutputFilename != "minca" {
		t.Errorf("name %q, outputfilename %q: want a name and the binary minca", p.Name, p.OutputFilename)
	}
	dir := filepath.Join("..", p.FrontendDir)
	pkg, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if p.FrontendDir == "" || err != nil {
		t.Fatalf("frontend:dir %q holds no package.json: %v", p.FrontendDir, err)
	}
	var npm struct{ Scripts map[string]string }
	if err := json.Unmarshal(pkg, &npm); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "package-lock.json")); err != nil && p.InstallCommand == "npm ci" {
		t.Errorf("frontend:install is npm ci, but frontend:dir has no package-lock.json")
	}
	for key, cmd := range map[string]string{"frontend:install": p.InstallCommand, "frontend:build": p.BuildCommand,
		"frontend:dev:watcher": p.DevWatcherCommand} {
		if cmd == "" && key != "frontend:dev:watcher" {
			t.Errorf("%s is empty", key)
		} else if err := frontendCommand(cmd, npm.Scripts); cmd != "" && err != nil {
			t.Errorf("%s: %v", key, err)
		}
	}
}

// TestWailsJSONRulesCatch: the checks refuse what the wails CLI would
// ignore or could not run.
func TestWailsJSONRulesCatch(t *testing.T) {
	for _, bad := range []string{`{"name":"minca","build:tags":"webkit2_41"}`, `{"info":{"productname":"x","bogus":1}}`} {
		if _, err := readWailsJSON([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	if _, err := readWailsJSON([]byte(`{"name":"minca","frontend:dir":"frontend","author":{"name":"x"},"Info":{"comments":"y"}}`)); err != nil {
		t.Errorf("v2.9.2 keys refused: %v", err)
	}
	scripts := map[string]string{"build": "vite build"}
	for cmd, ok := range map[string]bool{"npm run build": true, "npm ci": true, "npm run dist": false, "make frontend": false, "npm": false} {
		if err := frontendCommand(cmd, scripts); (err == nil) != ok {
			t.Errorf("%q: %v, want ok %v", cmd, err, ok)
		}
	}
}

// TestWailsBindingsBuild: the binary `wails build` makes to generate the
// page's bindings (the tag "bindings", here with webkit2_41 as the README's
// command passes it) writes them and opens nothing: no store, profile or
// runtime files in its HOME, no tray (main_bindings.go, window.Bindings).
func TestWailsBindingsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds minca with the tag bindings")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "wailsbindings")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-tags", "webkit2_41,bindings", "-o", bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags webkit2_41,bindings: %v\n%s", err, out)
	}
	project, home, run := filepath.Join(dir, "project"), filepath.Join(dir, "home"), filepath.Join(dir, "run")
	for _, d := range []string{project, home, run} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile("../wails.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "wails.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_RUNTIME_DIR="+run, "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_STATE_HOME="+filepath.Join(home, "state"), "MINCA_KEYCHAIN=none")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the bindings binary: %v\n%s", err, out)
	}
	dts, err := os.ReadFile(filepath.Join(project, "frontend", "wailsjs", "go", "app", "App.d.ts"))
	if err != nil || !strings.Contains(string(dts), "export function Status():") {
		t.Fatalf("no bindings of app.App written: %v\n%s", err, dts)
	}
	for _, d := range []string{home, run} {
		if left, _ := os.ReadDir(d); len(left) != 0 {
			t.Errorf("the bindings binary wrote to %s: %v (it opened the profile)", d, left)
		}
	}
}
