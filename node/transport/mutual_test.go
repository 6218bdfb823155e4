package transport

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"testing"
	"time"
)

// TestMutualDial: two nodes dialling each other for one space settle on one
// connection (the one dialled by the lower DID) and stay on it.
func TestMutualDial(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra, rb := &recorder{}, &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	tb := newTransport(t, kb, newGate(sp.ID), rb)
	addrA, addrB := listen(t, ta), listen(t, tb)
	if _, err := ta.Connect(nodeURL(addrB, kb.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Connect(nodeURL(addrA, ka.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	lower := ka.DID() < kb.DID()
	settled := func() bool {
		pa, pb := ta.Peers(sp.ID), tb.Peers(sp.ID)
		// a's peer b is inbound exactly when b dialled: the lower DID's dial is kept.
		return len(pa) == 1 && len(pb) == 1 && pa[0].Inbound() == !lower && pb[0].Inbound() == lower
	}
	eventually(t, "one connection", settled)
	time.Sleep(300 * time.Millisecond) // many backoff periods of the test's fast backoff
	if !settled() {
		t.Fatal("the connection changed")
	}
	rb.mu.Lock()
	ups := len(rb.up)
	rb.mu.Unlock()
	if ups > 2 {
		t.Fatalf("b's peer came up %d times: flapping", ups)
	}
}

// TestWSS: with a TLS configuration the listener serves wss://, and a dialler
// trusting its certificate connects.
func TestWSS(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	cert, pool := selfSigned(t)
	ta := newTransport(t, ka, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.ServerTLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	})
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.ClientTLS = &tls.Config{RootCAs: pool}
	})
	addr, err := ta.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d, err := tb.Connect("wss://"+addr+"/peer#"+ka.DID(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "a wss connection", func() bool { return d.State().Connected && len(ta.Peers(sp.ID)) == 1 })
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
