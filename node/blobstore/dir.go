package blobstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync/atomic"

	"minca.dev/desktop/node/folder"
)

// Dir is the directory driver (05 §14.1): each /-separated part of a key is
// a directory and the last one a file, every part encoded as in 05 §14.2,
// under a directory of a data folder. Writes go through .tmp names and a
// rename (05 §14.3); names that do not decode, links and .tmp files are never
// listed (05 §14.4), and are counted in Skipped.
type Dir struct {
	dir     *folder.Dir
	skipped atomic.Int64
}

// NewDir makes a blob store over the directory parts of root, creating it.
func NewDir(root *folder.Root, parts ...string) (*Dir, error) {
	d, err := root.Sub(parts...)
	if err != nil {
		return nil, fmt.Errorf("blob store %v: %w", parts, err)
	}
	return &Dir{dir: d}, nil
}

// Skipped is how many names listings have passed over: links, special
// files, names that are not this encoding's output.
func (d *Dir) Skipped() int64 { return d.skipped.Load() }

func encodeParts(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = folder.Encode(p)
	}
	return out
}

// Get implements Store.
func (d *Dir) Get(ctx context.Context, key string) ([]byte, error) {
	parts, err := CheckKey(key)
	if err != nil {
		return nil, err
	}
	b, err := d.dir.ReadFile(encodeParts(parts)...)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("get %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("get %q: %w", key, err)
	}
	return b, nil
}

// Put implements Store.
func (d *Dir) Put(ctx context.Context, key string, data []byte) error {
	parts, err := CheckKey(key)
	if err != nil {
		return err
	}
	if err := d.dir.WriteFile(data, encodeParts(parts)...); err != nil {
		return fmt.Errorf("put %q: %w", key, err)
	}
	return nil
}

// Delete implements Store.
func (d *Dir) Delete(ctx context.Context, key string) error {
	parts, err := CheckKey(key)
	if err != nil {
		return err
	}
	if err := d.dir.Remove(encodeParts(parts)...); err != nil {
		return fmt.Errorf("delete %q: %w", key, err)
	}
	return nil
}

// List implements Store.
func (d *Dir) List(ctx context.Context, prefix string) ([]string, error) {
	parts, err := CheckPrefix(prefix)
	if err != nil {
		return nil, err
	}
	var keys []string
	if err := d.walk(ctx, encodeParts(parts), prefix, &keys, 0); err != nil {
		return nil, fmt.Errorf("list %q: %w", prefix, err)
	}
	sort.Strings(keys)
	return keys, nil
}

// maxDepth bounds a walk, so a planted tree cannot recurse without end.
const maxDepth = 16

func (d *Dir) walk(ctx context.Context, enc []string, prefix string, keys *[]string, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	l, err := d.dir.List(enc...)
	if err != nil {
		if errors.Is(err, folder.ErrUnsafe) {
			d.skipped.Add(1)
			return nil
		}
		return err
	}
	d.skipped.Add(int64(l.Skipped))
	for _, e := range l.Entries {
		name, err := folder.Decode(e.Name)
		if err != nil || folder.CheckSegment(name) != nil || strings.HasSuffix(name, folder.TmpSuffix) {
			d.skipped.Add(1)
			continue
		}
		key := prefix + name
		if !e.IsDir {
			*keys = append(*keys, key)
			continue
		}
		if depth >= maxDepth {
			d.skipped.Add(1)
			continue
		}
		sub := append(append([]string(nil), enc...), e.Name)
		if err := d.walk(ctx, sub, key+"/", keys, depth+1); err != nil {
			return err
		}
	}
	return nil
}
