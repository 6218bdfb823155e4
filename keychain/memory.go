package keychain

import (
	"bytes"
	"sync"
)

// Memory is a Keychain held in memory, for tests of callers. It checks
// arguments exactly as SecretService does, and SetUnavailable makes it
// behave like a missing keychain so callers can test their fallback.
// The zero value is empty and ready; it is safe for concurrent use.
type Memory struct {
	mu      sync.Mutex
	secrets map[string][]byte
	reason  string // non-empty: every call fails as unavailable
}

// NewMemory returns an empty, available Memory keychain.
func NewMemory() *Memory { return &Memory{} }

// SetUnavailable makes every later call return a *UnavailableError with
// this reason; an empty reason makes the keychain available again. Stored
// secrets are kept either way.
func (m *Memory) SetUnavailable(reason string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reason = reason
}

// Get returns a copy of the secret stored for account.
func (m *Memory) Get(account string) ([]byte, error) {
	if err := checkAccount(account); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.downLocked("get"); err != nil {
		return nil, err
	}
	secret, ok := m.secrets[account]
	if !ok {
		return nil, notFound("get", account)
	}
	return bytes.Clone(secret), nil
}

// Set stores a copy of secret for account, replacing any earlier one.
func (m *Memory) Set(account string, secret []byte) error {
	if err := checkAccount(account); err != nil {
		return err
	}
	if err := checkSecret(secret); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.downLocked("set"); err != nil {
		return err
	}
	if m.secrets == nil {
		m.secrets = make(map[string][]byte)
	}
	m.secrets[account] = bytes.Clone(secret)
	return nil
}

// Delete removes the secret stored for account.
func (m *Memory) Delete(account string) error {
	if err := checkAccount(account); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.downLocked("delete"); err != nil {
		return err
	}
	if _, ok := m.secrets[account]; !ok {
		return notFound("delete", account)
	}
	delete(m.secrets, account)
	return nil
}

// Probe reports nil unless SetUnavailable made the keychain unavailable.
func (m *Memory) Probe() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.downLocked("probe")
}

// downLocked returns the simulated unavailability, if any; m.mu must be held.
func (m *Memory) downLocked(op string) error {
	if m.reason == "" {
		return nil
	}
	return &UnavailableError{Op: op, Reason: m.reason}
}
