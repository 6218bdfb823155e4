package keychain

import (
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/zalando/go-keyring"
)

// ServiceName is the Secret Service "service" attribute of Minca's items.
const ServiceName = "minca"

// DefaultTimeout bounds one keychain call. A locked keyring on a desktop
// shows an unlock prompt and waits for the user; with no answer by then the
// call reports the keychain unavailable.
const DefaultTimeout = 30 * time.Second

// probeAccount is the account Probe looks up. It is empty, which
// checkAccount refuses, so it can never name a real account's secret.
const probeAccount = ""

// Config configures a SecretService. The zero value is Minca's own.
type Config struct {
	Service string        // the items' service attribute; "" means ServiceName
	Timeout time.Duration // per call; 0 means DefaultTimeout
}

// SecretService is the Keychain of the desktop session: the freedesktop
// Secret Service on the D-Bus session bus, through go-keyring. Secrets are
// stored base64-encoded (RFC 4648 §4), as keyring items are text.
type SecretService struct {
	service string
	timeout time.Duration
}

// NewSecretService returns the session's keychain for cfg. It connects on
// each call, so it can be made before the session has a keyring.
func NewSecretService(cfg Config) *SecretService {
	s := &SecretService{service: cfg.Service, timeout: cfg.Timeout}
	if s.service == "" {
		s.service = ServiceName
	}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	return s
}

// Default returns Minca's keychain: NewSecretService(Config{}).
func Default() *SecretService { return NewSecretService(Config{}) }

// Probe reports whether Minca's keychain is usable: Default().Probe().
func Probe() error { return Default().Probe() }

// Get returns the secret stored for account.
func (s *SecretService) Get(account string) ([]byte, error) {
	if err := checkAccount(account); err != nil {
		return nil, err
	}
	text, err := s.call("get", account, func() (string, error) {
		return keyring.Get(s.service, account)
	})
	if err != nil {
		return nil, err
	}
	secret, err := base64.StdEncoding.Strict().DecodeString(text)
	if err != nil {
		return nil, fmt.Errorf("keychain get %q: the stored item is not base64 (written by another program?): %w", account, err)
	}
	if len(secret) == 0 {
		return nil, fmt.Errorf("keychain get %q: the stored item is empty (written by another program?)", account)
	}
	return secret, nil
}

// Set stores secret for account, replacing any earlier one.
func (s *SecretService) Set(account string, secret []byte) error {
	if err := checkAccount(account); err != nil {
		return err
	}
	if err := checkSecret(secret); err != nil {
		return err
	}
	text := base64.StdEncoding.EncodeToString(secret)
	_, err := s.call("set", account, func() (string, error) {
		return "", keyring.Set(s.service, account, text)
	})
	return err
}

// Delete removes the secret stored for account.
func (s *SecretService) Delete(account string) error {
	if err := checkAccount(account); err != nil {
		return err
	}
	_, err := s.call("delete", account, func() (string, error) {
		return "", keyring.Delete(s.service, account)
	})
	return err
}

// Probe looks up an account that cannot exist: a working keychain answers
// "not found", which Probe reports as nil. It stores nothing. On a locked
// desktop keyring it may show the unlock prompt, as Get would.
func (s *SecretService) Probe() error {
	_, err := s.call("probe", probeAccount, func() (string, error) {
		return keyring.Get(s.service, probeAccount)
	})
	if err == nil || errors.Is(err, ErrNotFound) {
		return nil // an answer either way: the keychain works
	}
	return err // call returns nothing but the two above and *UnavailableError
}
