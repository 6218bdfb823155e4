package runtime

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/vault"
)

// probePattern names the short-lived file or folder checkFolderDir makes
// to learn whether it may write where the data folder goes.
const probePattern = ".minca-probe-*"

// folderRefusal is a data folder refused, in people's words: what is wrong
// with it (naming the path) and what to do, the node's text as Detail. The
// folder is left as it was and nothing is saved (05 §14).
func folderRefusal(code api.Code, detail error, hint, format string, args ...any) *api.Error {
	return &api.Error{Code: code, Message: fmt.Sprintf(format, args...), Hint: hint, Detail: detail.Error(), Err: detail}
}

// hintWholePath is what to do about a folder typed as a relative path.
const hintWholePath = "Type the folder's whole path, starting with / (for example /home/ana/Dropbox/Minca), or choose it with Browse."

// folderPath is the data folder path a person typed, with a leading ~
// read as their home folder, as a shell would; a path that is still not
// absolute is refused in people's words, the node's reason as Detail.
func folderPath(path string) (string, error) {
	if path == "~" || strings.HasPrefix(path, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			path = filepath.Join(home, path[1:])
		}
	}
	if path == "" || !filepath.IsAbs(path) {
		return "", folderRefusal(api.CodeInvalid, fmt.Errorf("the data folder must be an absolute path, not %q", path),
			hintWholePath, "%q is not a whole path to a folder.", path)
	}
	return path, nil
}

// hintOtherFolder is what to do about a folder that cannot be used.
const hintOtherFolder = "Choose another folder, or type the name of a new one."

// checkFolderDir refuses a path that cannot be a data folder, before
// anything is written or saved: a file, a folder under a file, one Minca
// may not create or write in, or one inside another data folder (its
// accounts.json would not be this folder's, 05 §14.1).
func checkFolderDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return folderRefusal(api.CodeInvalid, fmt.Errorf("%s: not a directory", dir), hintOtherFolder,
			"%s is a file, not a folder.", dir)
	case err == nil:
		if err := probeWrite(dir, false); err != nil {
			return folderRefusal(api.CodeInvalid, err, hintOtherFolder, "Minca may not write in %s.", dir)
		}
	case absent(err):
		if err := checkCreatable(dir); err != nil {
			return err
		}
	default:
		return folderRefusal(api.CodeInvalid, err, hintOtherFolder, "Minca cannot look into %s.", dir)
	}
	return checkNotInside(dir)
}

// checkCreatable refuses a new folder whose nearest existing parent is a
// file or a folder Minca may not create folders in.
func checkCreatable(dir string) error {
	parent := filepath.Dir(dir)
	for parent != filepath.Dir(parent) {
		if _, err := os.Stat(parent); !absent(err) {
			break
		}
		parent = filepath.Dir(parent)
	}
	fi, err := os.Stat(parent)
	switch {
	case err != nil:
		return folderRefusal(api.CodeInvalid, err, hintOtherFolder, "Minca cannot look into %s.", parent)
	case !fi.IsDir():
		return folderRefusal(api.CodeInvalid, fmt.Errorf("%s: not a directory", parent), hintOtherFolder,
			"%s cannot be made: %s is a file, not a folder.", dir, parent)
	}
	if err := probeWrite(parent, true); err != nil {
		return folderRefusal(api.CodeInvalid, err, hintOtherFolder, "%s cannot be made: Minca may not create folders in %s.", dir, parent)
	}
	return nil
}

// absent says whether a stat error means nothing is there: not found, or
// a file where a folder on the way should be.
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// probeWrite makes a file (or a folder, when dir) in parent and removes it
// at once: whether Minca may write there, asked of the system itself.
func probeWrite(parent string, asDir bool) error {
	if asDir {
		p, err := os.MkdirTemp(parent, probePattern)
		if err != nil {
			return err
		}
		return os.Remove(p)
	}
	f, err := os.CreateTemp(parent, probePattern)
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// checkNotInside refuses a folder inside another data folder: one of its
// parents holds an accounts.json (05 §14.1).
func checkNotInside(dir string) error {
	for p := filepath.Dir(dir); p != filepath.Dir(p); p = filepath.Dir(p) {
		if fi, err := os.Stat(filepath.Join(p, folder.AccountsFile)); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		return folderRefusal(api.CodeInvalid, fmt.Errorf("%s is inside the data folder %s", dir, p),
			"Choose "+p+" itself, or a folder outside it.", "%s is inside another Minca data folder, %s.", dir, p)
	}
	return nil
}

// otherAccounts refuses a folder that holds accounts but not this one,
// naming whose they are.
func otherAccounts(dir string, rows []vault.Summary) error {
	names := make([]string, 0, len(rows))
	for _, r := range rows {
		if r.Name != "" {
			names = append(names, r.Name)
		}
	}
	whose := "another account"
	if len(rows) > 1 {
		whose = "other accounts"
	}
	if len(names) > 0 {
		whose += " (" + strings.Join(names, ", ") + ")"
	}
	return folderRefusal(api.CodeConflict, fmt.Errorf("%s holds other accounts but not this one", dir),
		"Choose the folder that holds your account, or an empty one.", "%s holds %s, not yours.", dir, whose)
}

// worded is err as SetFolder returns it: a refusal already in people's
// words as it is, anything else wrapped with what was being done.
func worded(code api.Code, what string, err error) error {
	var e *api.Error
	if errors.As(err, &e) && e.Detail != "" {
		return e
	}
	return api.Errorf(code, "%s: %w", what, err)
}
