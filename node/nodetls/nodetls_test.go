package nodetls

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"net"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
)

func newKey(t testing.TB) *identity.KeyPair {
	t.Helper()
	k, err := identity.NewKeyPair(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// handshake runs a real TLS handshake over loopback and returns the
// client's error.
func handshake(t *testing.T, server, client *tls.Config) error {
	t.Helper()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", server)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.(*tls.Conn).Handshake()
		c.Close()
	}()
	c, err := tls.Dial("tcp", ln.Addr().String(), client)
	if err != nil {
		return err
	}
	return c.Close()
}

func TestServerCertificateIsTheWireKey(t *testing.T) {
	k := newKey(t)
	cfg, err := ServerConfig(k)
	if err != nil {
		t.Fatal(err)
	}
	leaf := cfg.Certificates[0].Leaf
	did, err := identity.DIDFromPublicKey(leaf.PublicKey.(*ecdsa.PublicKey))
	if err != nil || did != k.DID() {
		t.Fatalf("certificate key names %q (%v), want %s", did, err, k.DID())
	}
	if err := leaf.CheckSignature(leaf.SignatureAlgorithm, leaf.RawTBSCertificate, leaf.Signature); err != nil {
		t.Fatalf("not self-signed: %v", err)
	}
	if err := VerifyPinned(k.DID())(cfg.Certificates[0].Certificate, nil); err != nil {
		t.Fatalf("VerifyPinned refuses the node's own certificate: %v", err)
	}
	if err := VerifyPinned(newKey(t).DID())(cfg.Certificates[0].Certificate, nil); !errors.Is(err, ErrNotPinned) {
		t.Fatalf("VerifyPinned with another DID: %v, want ErrNotPinned", err)
	}
	for _, bad := range [][][]byte{nil, {[]byte("not a certificate")}} {
		if err := VerifyPinned(k.DID())(bad, nil); err == nil {
			t.Fatalf("VerifyPinned accepts %q", bad)
		}
	}
	if err := VerifyPinned("did:key:zNope")(cfg.Certificates[0].Certificate, nil); err == nil {
		t.Fatal("VerifyPinned with a DID that does not parse accepts")
	}
}

func TestPinnedHandshakeNeedsNoRoots(t *testing.T) {
	k := newKey(t)
	srv, err := ServerConfig(k)
	if err != nil {
		t.Fatal(err)
	}
	empty := &tls.Config{RootCAs: x509.NewCertPool()} // trusts nothing
	if err := handshake(t, srv, ClientConfig(k.DID(), "127.0.0.1", empty)); err != nil {
		t.Fatalf("pinned handshake: %v", err)
	}
	if err := handshake(t, srv, ClientConfig(newKey(t).DID(), "127.0.0.1", empty)); !errors.Is(err, ErrNotPinned) {
		t.Fatalf("handshake pinned to another DID: %v, want ErrNotPinned", err)
	}
	if empty.InsecureSkipVerify || empty.VerifyConnection != nil {
		t.Fatal("ClientConfig changed its base")
	}
}

// A node behind a TLS proxy with a CA's certificate: the key is not the
// DID's, so the ordinary check decides.
func TestFallbackToRoots(t *testing.T) {
	ca, caKey := newCA(t)
	srv := &tls.Config{Certificates: []tls.Certificate{leafFrom(t, ca, caKey, "127.0.0.1")}}
	did := newKey(t).DID()
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	if err := handshake(t, srv, ClientConfig(did, "127.0.0.1", &tls.Config{RootCAs: roots})); err != nil {
		t.Fatalf("CA certificate with its root: %v", err)
	}
	if err := handshake(t, srv, ClientConfig(did, "127.0.0.1", &tls.Config{RootCAs: x509.NewCertPool()})); !errors.Is(err, ErrNotPinned) {
		t.Fatalf("CA certificate without its root: %v, want a refusal", err)
	}
	other := leafFrom(t, ca, caKey, "10.9.8.7")
	srv = &tls.Config{Certificates: []tls.Certificate{other}}
	if err := handshake(t, srv, ClientConfig(did, "127.0.0.1", &tls.Config{RootCAs: roots})); err == nil {
		t.Fatal("a certificate for another address is accepted")
	}
}

func newCA(t *testing.T) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(der)
	return ca, key
}

func leafFrom(t *testing.T, ca *x509.Certificate, caKey *ecdsa.PrivateKey, ip string) tls.Certificate {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP(ip)},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}
