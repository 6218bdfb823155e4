package p256verify

import (
	"crypto/ecdsa"
	"testing"
)

// Benchmarks report cpu-µs/op (getrusage) beside ns/op, because the
// machine they run on is shared and wall time follows its load. Run with
// -cpu 1 so the CPU time is the check's alone.
//
//	go test ./core/p256verify -run '^$' -bench . -cpu 1 -count 3

// cpuPerOp runs f b.N times (b.Loop) and reports its CPU time per op.
func cpuPerOp(b *testing.B, f func(i int)) {
	began := cpuSeconds()
	i := 0
	for b.Loop() {
		f(i)
		i++
	}
	if cpu := cpuSeconds() - began; cpu > 0 && i > 0 {
		b.ReportMetric(cpu/float64(i)*1e6, "cpu-µs/op")
	}
}

func BenchmarkNewTable(b *testing.B) {
	key := newKey(b, newSeeded(1))
	cpuPerOp(b, func(int) {
		if _, err := NewTable(&key.PublicKey); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkVerify: a check through a built table, against crypto/ecdsa on
// the same signatures, and through a Cache that holds the key's table.
func BenchmarkVerify(b *testing.B) {
	rnd := newSeeded(2)
	key := newKey(b, rnd)
	sigs := make([]signed, 64)
	for i := range sigs {
		sigs[i] = sign(b, rnd, key, []byte{byte(i)})
	}
	tab, err := NewTable(&key.PublicKey)
	if err != nil {
		b.Fatal(err)
	}
	cache := NewCache(Config{Threshold: 1, MaxTables: 1})
	run := func(verify func(s signed) bool) func(b *testing.B) {
		return func(b *testing.B) {
			cpuPerOp(b, func(i int) {
				if !verify(sigs[i%len(sigs)]) {
					b.Fatal("does not verify")
				}
			})
		}
	}
	b.Run("table", run(func(s signed) bool { return tab.Verify(s.digest, s.r, s.s) }))
	b.Run("cache", run(func(s signed) bool { return cache.Verify(&key.PublicKey, s.digest, s.r, s.s) }))
	b.Run("crypto-ecdsa", run(func(s signed) bool { return ecdsa.Verify(&key.PublicKey, s.digest, s.r, s.s) }))
}

// BenchmarkField: the steps a check is made of (a check is about 64
// additions and 7 doublings).
func BenchmarkField(b *testing.B) {
	x := fe{1, 2, 3, 4}
	y := fe{0x1234567, 0xfff, 0x8888888888, 0x77777}
	b.Run("mul", func(b *testing.B) {
		cpuPerOp(b, func(int) { feMul(&x, &x, &y) })
	})
	b.Run("sqr", func(b *testing.B) {
		cpuPerOp(b, func(int) { feSqr(&x, &x) })
	})
	g := generator()
	var p jacobian
	p.setAffine(&g.group[0][0])
	p.double()
	b.Run("add", func(b *testing.B) {
		cpuPerOp(b, func(i int) { p.addAffine(&g.group[1][i%patterns]) })
	})
	b.Run("double", func(b *testing.B) {
		cpuPerOp(b, func(int) { p.double() })
	})
}
