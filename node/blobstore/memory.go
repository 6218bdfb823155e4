package blobstore

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Memory is a blob store held in memory: for tests of mirrors that need no
// disk, and the second driver that keeps the suite honest.
type Memory struct {
	mu    sync.Mutex
	blobs map[string][]byte
}

// NewMemory makes an empty store.
func NewMemory() *Memory { return &Memory{blobs: map[string][]byte{}} }

// Get implements Store.
func (m *Memory) Get(ctx context.Context, key string) ([]byte, error) {
	if _, err := CheckKey(key); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.blobs[key]
	if !ok {
		return nil, fmt.Errorf("get %q: %w", key, ErrNotFound)
	}
	return append([]byte(nil), b...), nil
}

// Put implements Store.
func (m *Memory) Put(ctx context.Context, key string, data []byte) error {
	if _, err := CheckKey(key); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.blobs[key] = append([]byte(nil), data...)
	return nil
}

// Delete implements Store.
func (m *Memory) Delete(ctx context.Context, key string) error {
	if _, err := CheckKey(key); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.blobs, key)
	return nil
}

// List implements Store.
func (m *Memory) List(ctx context.Context, prefix string) ([]string, error) {
	if _, err := CheckPrefix(prefix); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var keys []string
	for k := range m.blobs {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys, nil
}
