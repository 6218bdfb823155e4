package identity

import (
	"errors"
	"math/big"
	"sync"
	"testing"

	"minca.dev/desktop/core/p256verify"
)

// TestDIDCacheTablesAgree: checks through a DIDCache's key tables answer
// as VerifyKey (crypto/ecdsa) does, before and after each key's table is
// built and after tables are dropped, from several goroutines at once.
func TestDIDCacheTablesAgree(t *testing.T) {
	tables := p256verify.NewCache(p256verify.Config{Threshold: 3, MaxTables: 2})
	c := DIDCache{Tables: tables}
	type sample struct {
		did      string
		msg, sig []byte
	}
	var samples []sample
	for k := range 3 {
		kp := testKey(t, byte(20+k))
		msg := []byte{byte(k)}
		sig, err := kp.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		high := append([]byte(nil), sig[:32]...) // s → n−s: valid, high S
		high = append(high, new(big.Int).Sub(p256N, new(big.Int).SetBytes(sig[32:])).FillBytes(make([]byte, 32))...)
		zeroR := append(make([]byte, 32), sig[32:]...)
		samples = append(samples, sample{kp.DID(), msg, sig}, sample{kp.DID(), msg, high},
			sample{kp.DID(), []byte("other"), sig}, sample{kp.DID(), msg, sig[:63]},
			sample{kp.DID(), msg, zeroR})
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 6 * len(samples) {
				s := samples[(i+g)%len(samples)]
				pub, err := c.Key(s.did)
				if err != nil {
					t.Error(err)
					return
				}
				got, want := c.Verify(s.did, s.msg, s.sig), VerifyKey(pub, s.msg, s.sig)
				if (got == nil) != (want == nil) || (got != nil && !errors.Is(got, ErrSignature)) {
					t.Errorf("sample %d: cached %v, VerifyKey %v", (i+g)%len(samples), got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
	if st := tables.Stats(); st.Tables != 2 || st.Builds < 3 {
		t.Errorf("%+v: want 2 tables held and every key's built", st)
	}
}
