package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"minca.dev/desktop/app"
	"minca.dev/desktop/node/api"
)

// runFolderShow prints the data folder.
func runFolderShow(env Env, c command, args []string) error {
	return runShow(env, c, args, api.Node.Folder, printFolder)
}

func printFolder(w io.Writer, f api.Folder) {
	state := app.FolderState(app.Status{DataFolderChosen: f.Chosen, DataFolderExists: f.Exists})
	fmt.Fprintf(w, "%s (%s)\n", f.Path, state)
	switch {
	case !f.Exists:
	case f.HoldsThis:
		fmt.Fprintln(w, "  Holds your account.")
	default:
		fmt.Fprintln(w, "  Does not hold your account yet.")
	}
	if f.Accounts > 1 {
		fmt.Fprintf(w, "  %d accounts keep their data here.\n", f.Accounts)
	}
	if r := f.Registry; r != nil && len(r.Refused) > 0 {
		fmt.Fprintf(w, "  %d of your account's registry entries do not open (written in the clear, copied from another entry or sealed by another account); they were left as they are and are not used:\n", len(r.Refused))
		for _, k := range r.Refused {
			fmt.Fprintf(w, "    %s\n", k)
		}
	}
	if f.Previous != "" {
		fmt.Fprintf(w, "  Old copy: %s (no longer used: `minca folder remove-old` deletes it, --keep forgets it)\n", f.Previous)
	}
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
	fs.BoolVar(&o.move, "move", false, "copy the current folder there, verify every file, then switch (the old copy is left: see folder remove-old)")
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
	set := func(n api.Node, ctx context.Context) (api.Folder, error) { return n.SetFolder(ctx, req) }
	return show(env, o.output, set, printFolder)
}

type folderRemoveOldOptions struct {
	output
	keep bool
}

// runFolderRemoveOld deletes the old copy a `folder set --move` left (only
// the files the move copied that are still the same in both folders), or
// with --keep forgets it and leaves it as it is.
func runFolderRemoveOld(env Env, c command, args []string) error {
	var o folderRemoveOldOptions
	fs := newFlags(env, c)
	o.flag(fs)
	fs.BoolVar(&o.keep, "keep", false, "leave the old copy as it is and stop offering to remove it")
	if _, err := parseArgs(fs, args, 0, 0); err != nil {
		return err
	}
	mode := api.FolderRemovePrevious
	if o.keep {
		mode = api.FolderKeepPrevious
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		cur, err := n.Folder(ctx)
		if err != nil {
			return err
		}
		if cur.Previous == "" {
			return api.Errorf(api.CodeNotFound, "no old copy of the data folder is waiting: only a folder set --move leaves one")
		}
		f, err := n.SetFolder(ctx, api.SetFolder{Path: cur.Previous, Mode: mode})
		if err != nil {
			return err
		}
		return o.print(env, f, func(w io.Writer) { printCleaned(w, cur.Previous, f.Cleaned) })
	})
}

// printCleaned says what removing the old copy did; nil: it was kept.
func printCleaned(w io.Writer, old string, c *api.Cleaned) {
	if c == nil {
		fmt.Fprintf(w, "Kept %s as it is; Minca no longer offers to remove it.\n", old)
		return
	}
	fmt.Fprintf(w, "Removed %d files of the old copy at %s.\n", c.Removed, old)
	if c.Gone {
		fmt.Fprintln(w, "Nothing else was in it: the folder is gone.")
		return
	}
	fmt.Fprintf(w, "%d stayed, as they were not what the move copied:\n", c.KeptTotal)
	for _, k := range c.Kept {
		fmt.Fprintf(w, "  %s  (%s)\n", k.Path, keptWhy[k.Why])
	}
	if c.KeptTotal > len(c.Kept) {
		fmt.Fprintf(w, "  … and %d more\n", c.KeptTotal-len(c.Kept))
	}
}

// keptWhy words each api.Kept* reason.
var keptWhy = map[string]string{
	api.KeptAdded:   "added after the move",
	api.KeptChanged: "changed since the move, or unreadable",
	api.KeptDiffers: "the new folder's copy is not the same",
	api.KeptNotFile: "a link or another special file",
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
