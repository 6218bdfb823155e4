package paths

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// dirTagBytes is how much of a profile directory's hash names its files in
// the runtime directory.
const dirTagBytes = 6

// RuntimeName is what a profile's files in a directory shared by every home
// of the user are named after: <profile>-<tag>, the tag DirTag of the
// profile's directory. Two homes of one user share the runtime directory
// (a second HOME in the session; a sandboxed and a native install), and a
// name of the profile alone would give both one node socket (node/localapi)
// and one window, tray and notify lock (app/instance).
func RuntimeName(e Env, profile string) (string, error) {
	dir, err := ProfileDir(e, profile) // checks the profile's name too
	if err != nil {
		return "", err
	}
	return profile + "-" + DirTag(dir), nil
}

// DirTag names dir by 12 hex digits of a hash of its path, with the
// symbolic links of its longest existing part resolved, so every path to
// one directory gets one tag, before the directory is made and after.
func DirTag(dir string) string {
	rest := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if resolved, err := filepath.EvalSymlinks(d); err == nil {
			dir = filepath.Join(resolved, rest)
			break
		}
		if filepath.Dir(d) == d {
			break
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
	sum := sha256.Sum256([]byte(dir))
	return hex.EncodeToString(sum[:dirTagBytes])
}
