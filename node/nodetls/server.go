package nodetls

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"time"

	"minca.dev/desktop/core/identity"
)

// Certificate lifetime. The validity is not what a dialler trusts (the key
// is), but TLS stacks still read it: the certificate is dated an hour back
// (clocks differ) and runs for CertLifetime, and ServerConfig makes a new
// one each time a node starts.
const (
	CertBackdate = time.Hour
	CertLifetime = 10 * 365 * 24 * time.Hour
)

// ServerConfig is the tls.Config a node serves wss:// with: one
// self-signed certificate whose public key is key's (the node's wire key,
// whose DID pins the node URL, 04 §5.2), TLS 1.3 only, HTTP/1.1 only (a
// WebSocket upgrade).
func ServerConfig(key *identity.KeyPair) (*tls.Config, error) {
	cert, err := Certificate(key, time.Now())
	if err != nil {
		return nil, err
	}
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		MinVersion:   tls.VersionTLS13,
		NextProtos:   []string{"http/1.1"},
	}, nil
}

// Certificate makes the self-signed certificate of key, valid at now. Its
// subject's common name is key's DID (for people reading it; nobody checks
// it).
func Certificate(key *identity.KeyPair, now time.Time) (tls.Certificate, error) {
	if key == nil {
		return tls.Certificate{}, fmt.Errorf("nodetls: no key")
	}
	priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), key.PrivateBytes())
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("nodetls: wire key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("nodetls: serial: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: key.DID()},
		NotBefore:             now.Add(-CertBackdate),
		NotAfter:              now.Add(CertLifetime),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &priv.PublicKey, priv)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("nodetls: certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("nodetls: certificate: %w", err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: priv, Leaf: leaf}, nil
}
