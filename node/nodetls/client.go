package nodetls

import (
	"crypto/ecdsa"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"

	"minca.dev/desktop/core/identity"
)

// Errors a caller may branch on.
var (
	ErrNoCertificate = errors.New("nodetls: the node sent no certificate")
	ErrNotPinned     = errors.New("nodetls: certificate key is not the pinned DID's")
)

// VerifyPinned returns a tls.Config.VerifyPeerCertificate that accepts a
// peer iff its leaf certificate's public key is the key did names. Nothing
// else of the certificate is looked at (no name, no dates, no issuer): the
// DID is the pin. A did that does not parse refuses everything.
func VerifyPinned(did string) func(rawCerts [][]byte, _ [][]*x509.Certificate) error {
	want, err := identity.ParseDID(did)
	return func(rawCerts [][]byte, _ [][]*x509.Certificate) error {
		if err != nil {
			return fmt.Errorf("nodetls: pin: %w", err)
		}
		leaf, perr := leafOf(rawCerts)
		if perr != nil {
			return perr
		}
		return checkKey(leaf, want, did)
	}
}

// ClientConfig is the tls.Config to dial the node pinned by did with (04
// "wss:// without a CA"): a leaf certificate whose key is the DID's is
// accepted as it is; any other must verify the ordinary way, against
// base's RootCAs (nil: the system's roots) and host, the host name or IP
// dialled (base's ServerName, when set, wins). base may be nil; it is not
// changed, and its own verification callbacks are not used.
func ClientConfig(did, host string, base *tls.Config) *tls.Config {
	var c *tls.Config
	if base != nil {
		c = base.Clone()
	} else {
		c = &tls.Config{}
	}
	if c.MinVersion == 0 {
		c.MinVersion = tls.VersionTLS12
	}
	c.NextProtos = []string{"http/1.1"} // a WebSocket upgrade, never h2
	c.InsecureSkipVerify = true         // checked below, pinned or not
	c.VerifyPeerCertificate = nil
	if c.ServerName == "" {
		c.ServerName = host
	}
	want, err := identity.ParseDID(did)
	roots, timeFn, name := c.RootCAs, c.Time, c.ServerName
	c.VerifyConnection = func(cs tls.ConnectionState) error {
		if len(cs.PeerCertificates) == 0 {
			return ErrNoCertificate
		}
		leaf := cs.PeerCertificates[0]
		if err == nil && checkKey(leaf, want, did) == nil {
			return nil
		}
		opts := x509.VerifyOptions{Roots: roots, DNSName: name, Intermediates: x509.NewCertPool()}
		if timeFn != nil {
			opts.CurrentTime = timeFn()
		}
		for _, ic := range cs.PeerCertificates[1:] {
			opts.Intermediates.AddCert(ic)
		}
		if _, verr := leaf.Verify(opts); verr != nil {
			return fmt.Errorf("%w, and it does not verify: %w", ErrNotPinned, verr)
		}
		return nil
	}
	return c
}

func leafOf(rawCerts [][]byte) (*x509.Certificate, error) {
	if len(rawCerts) == 0 {
		return nil, ErrNoCertificate
	}
	leaf, err := x509.ParseCertificate(rawCerts[0])
	if err != nil {
		return nil, fmt.Errorf("nodetls: leaf certificate: %w", err)
	}
	return leaf, nil
}

func checkKey(leaf *x509.Certificate, want *ecdsa.PublicKey, did string) error {
	got, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || !got.Equal(want) {
		return fmt.Errorf("%w (%s)", ErrNotPinned, did)
	}
	return nil
}
