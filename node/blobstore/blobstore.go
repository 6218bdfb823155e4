// Package blobstore is the blob store of 05 §16.1: bytes kept by a
// /-separated key, in a store assumed slow, eventually consistent and without
// atomic operations. A mirror (node/segments) asks it only to get, put,
// delete and list keys under a prefix, so a bucket driver can be added beside
// the directory driver (Dir, 05 §14.1) without touching the mirror.
// Every driver passes one suite: node/blobstore/blobstoretest.
//
// Choices where 05 is silent:
//   - Keys are /-separated parts, each a non-empty path segment (no "", ".",
//     "..", "\" or NUL: 05 §14.4 applies to every driver, so a key that works
//     on one works on all).
//   - List returns every key under the prefix at any depth, sorted; a prefix
//     is "" or ends in "/".
//   - Delete of a missing key succeeds (no atomic operations: a delete may
//     race another).
package blobstore

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"minca.dev/desktop/node/folder"
)

// ErrNotFound: no blob under that key (it may also be one not yet visible,
// or just deleted: the store is eventually consistent).
var ErrNotFound = errors.New("blobstore: not found")

// ErrBadKey: a key or prefix no driver accepts.
var ErrBadKey = errors.New("blobstore: bad key")

// Store is a blob store (05 §16.1).
type Store interface {
	// Get returns the blob under key, or ErrNotFound.
	Get(ctx context.Context, key string) ([]byte, error)
	// Put writes the blob under key, replacing any (never partly visible
	// where the driver can help it).
	Put(ctx context.Context, key string, data []byte) error
	// Delete removes the blob under key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// List returns every key under prefix ("" or ending in "/"), sorted.
	List(ctx context.Context, prefix string) ([]string, error)
}

// CheckKey checks a key: /-separated safe segments.
func CheckKey(key string) ([]string, error) {
	parts, err := folder.SplitKey(key)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadKey, err)
	}
	return parts, nil
}

// CheckPrefix checks a list prefix: "" or a key followed by "/".
func CheckPrefix(prefix string) ([]string, error) {
	if prefix == "" {
		return nil, nil
	}
	if !strings.HasSuffix(prefix, "/") {
		return nil, fmt.Errorf("prefix %q does not end in /: %w", prefix, ErrBadKey)
	}
	return CheckKey(strings.TrimSuffix(prefix, "/"))
}
