package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"minca.dev/desktop/node/api"
)

// runFolderShow prints the data folder.
func runFolderShow(env Env, c command, args []string) error {
	return runShow(env, c, args, api.Node.Folder, printFolder)
}

func printFolder(w io.Writer, f api.Folder) {
	state := "default, not chosen yet"
	if f.Chosen {
		state = "chosen"
	}
	if !f.Exists {
		state += ", missing"
	}
	fmt.Fprintf(w, "%s (%s)\n  accounts in it  %d\n  holds this one  %v\n", f.Path, state, f.Accounts, f.HoldsThis)
}

type folderSetOptions struct {
	output
	move bool
}

// runFolderSet points the account at another data folder, or moves it.
func runFolderSet(env Env, c command, args []string) error {
	var o folderSetOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.BoolVar(&o.move, "move", false, "copy the current folder there, verify every file, then switch (the old copy is left)")
	pos, err := parseArgs(fs, args, 1, 1)
	if err != nil {
		return err
	}
	path, err := absPath(pos[0])
	if err != nil {
		return err
	}
	req := api.SetFolder{Path: path, Mode: "use"}
	if o.move {
		req.Mode = "move"
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		f, err := n.SetFolder(ctx, req)
		if err != nil {
			return err
		}
		return o.print(env, f, func(w io.Writer) { printFolder(w, f) })
	})
}

// absPath makes a path given on the command line absolute ("" stays "").
func absPath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", usageErr("path %q: %v", p, err)
	}
	return abs, nil
}
