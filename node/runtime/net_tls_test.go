package runtime

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"
)

// Config.ServerTLS and ClientTLS reach node/netsync: a node serving TLS
// puts a wss:// URL into its invites, and a node trusting its certificate
// dials it and syncs.
func TestTLSPassThrough(t *testing.T) {
	cert, pool := selfSigned(t)
	alice := netPerson(t, "Alice", true, func(c *Config) { c.ServerTLS = &tls.Config{Certificates: []tls.Certificate{cert}} })
	bob := netPerson(t, "Bob", false, func(c *Config) { c.ClientTLS = &tls.Config{RootCAs: pool} })
	if l := syncStatus(t, alice).Listen; !strings.HasPrefix(l, "wss://127.0.0.1:") {
		t.Fatalf("alice listens at %q, want wss://", l)
	}
	s := share(t, alice, false, "member", bob)
	id := write(t, alice, s.ID, "over tls")
	waitFor(t, "bob reads alice over wss", func() error { return reads(bob, s.ID, id, "over tls") })
	// A node that does not trust the certificate never connects.
	carol := netPerson(t, "Carol", false)
	join := func() error {
		_, err := carol.n.Join(t.Context(), inviteLink(t, alice, s.ID))
		return err
	}
	if err := join(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if ps, ok := peer(t, carol, alice.wireDID()); !ok || ps.State == "connected" {
		t.Fatal(fmt.Sprintf("carol's dial to alice without trusting her certificate: %+v %v", ps, ok))
	}
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "node"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(c)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}
