package handshake

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/handshake-vectors.json")

// vector is one node-socket handshake, every input fixed (04 §6.1, §6.3).
// Signing is deterministic (RFC 6979, 01 §6), so every output is too.
type vector struct {
	Name   string `json:"name"`
	Inputs struct {
		SpaceID     string   `json:"spaceId"`
		NodeSeed    string   `json:"nodeSeedHex"`
		ClientSeed  string   `json:"clientSeedHex"`
		ServerNonce string   `json:"serverNonceHex"`
		ClientNonce string   `json:"clientNonceHex"`
		SpaceKeys   []string `json:"spaceKeysHexNewestFirst,omitempty"`
		Note        any      `json:"memberNote,omitempty"`
		MemberNonce string   `json:"memberEnvelopeNonceHex,omitempty"`
	} `json:"inputs"`
	Expected struct {
		H         string `json:"H"`
		W         string `json:"W"`
		Challenge string `json:"challenge"`
		Hello     string `json:"hello"`
		Welcome   string `json:"welcome"`
	} `json:"expected"`
}

// run builds the vector's frames from its inputs alone.
func (v *vector) run(t *testing.T) (h, w []byte, ch, he, we []byte) {
	in := v.Inputs
	node, client := seedKey(t, in.NodeSeed), seedKey(t, in.ClientSeed)
	c, err := NewChallenge(node, bytes.NewReader(unhex(t, in.ServerNonce)))
	if err != nil {
		t.Fatal(err)
	}
	var reader *Reader
	if len(in.SpaceKeys) > 0 {
		reader = &Reader{}
		for _, k := range in.SpaceKeys {
			reader.Keys = append(reader.Keys, readKey(t, unhex(t, k)))
		}
		reader.Member, err = SealMember(unhex(t, in.SpaceKeys[0]), in.SpaceID, in.Note, bytes.NewReader(unhex(t, in.MemberNonce)))
		if err != nil {
			t.Fatal(err)
		}
	}
	hello, err := NewHello(client, in.SpaceID, c, reader, bytes.NewReader(unhex(t, in.ClientNonce)))
	if err != nil {
		t.Fatal(err)
	}
	welcome, err := NewWelcome(node, in.SpaceID, hello)
	if err != nil {
		t.Fatal(err)
	}
	h, _ = ClientMessage(in.SpaceID, client.DID(), node.DID(), c.Nonce)
	w, _ = ServerMessage(in.SpaceID, node.DID(), hello.Nonce)
	for _, f := range []Frame{c, hello, welcome} {
		b, err := Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		ch, he, we = he, we, b
	}
	return h, w, ch, he, we
}

func TestVectors(t *testing.T) {
	path := "testdata/handshake-vectors.json"
	if *update {
		writeVectors(t, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 2 {
		t.Fatalf("%d vectors", len(vs))
	}
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			h, w, c, he, we := v.run(t)
			for _, x := range []struct{ name, got, want string }{
				{"H", string(h), v.Expected.H}, {"W", string(w), v.Expected.W},
				{"challenge", string(c), v.Expected.Challenge}, {"hello", string(he), v.Expected.Hello},
				{"welcome", string(we), v.Expected.Welcome},
			} {
				if x.got != x.want {
					t.Errorf("%s:\n got %s\nwant %s", x.name, x.got, x.want)
				}
			}
			checkVectorFrames(t, v)
		})
	}
}

// checkVectorFrames parses the printed frames and verifies them as a node
// and a client would.
func checkVectorFrames(t *testing.T, v vector) {
	parse := func(s string) Frame {
		f, err := ParseHandshake([]byte(s))
		if err != nil {
			t.Fatalf("parse %s: %v", s, err)
		}
		return f
	}
	c := parse(v.Expected.Challenge).(*Challenge)
	h := parse(v.Expected.Hello).(*Hello)
	w := parse(v.Expected.Welcome).(*Welcome)
	if err := VerifyHello(h, v.Inputs.SpaceID, c); err != nil {
		t.Error(err)
	}
	if err := VerifyWelcome(w, v.Inputs.SpaceID, c, h); err != nil {
		t.Error(err)
	}
	if len(v.Inputs.SpaceKeys) > 0 {
		cur := readKey(t, unhex(t, v.Inputs.SpaceKeys[0])).DID()
		on, err := CheckRead([]byte(v.Expected.H), h.DID, h.ReadProof, Verifier{Current: cur})
		if err != nil || on != cur {
			t.Errorf("read proof: on %q, %v", on, err)
		}
	}
}

func writeVectors(t *testing.T, path string) {
	n := seedKey(t, "0f0e0d0c0b0a09080706050403020100")
	client := seedKey(t, clientSeed)
	var vs []vector
	pub := vector{Name: "public-space"}
	pub.Inputs.SpaceID = chessID
	pub.Inputs.NodeSeed, pub.Inputs.ClientSeed = nodeSeed, clientSeed
	pub.Inputs.ServerNonce = "000102030405060708090a0b0c0d0e0f"
	pub.Inputs.ClientNonce = "101112131415161718191a1b1c1d1e1f"
	priv := pub
	priv.Name = "private-space-read-proof-with-earlier"
	priv.Inputs.SpaceKeys = []string{chessKHex, "1111111111111111111111111111111111111111111111111111111111111111"}
	nt := sessionNote(t, n, client.DID())
	priv.Inputs.Note = nt.JSON()
	priv.Inputs.MemberNonce = "424242424242424242424242"
	for _, v := range []vector{pub, priv} {
		h, w, c, he, we := v.run(t)
		v.Expected.H, v.Expected.W = string(h), string(w)
		v.Expected.Challenge, v.Expected.Hello, v.Expected.Welcome = string(c), string(he), string(we)
		vs = append(vs, v)
	}
	b, err := json.MarshalIndent(vs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadKeyVector: the read key the vectors prove with is 03 §8.4's.
func TestReadKeyVector(t *testing.T) {
	b, err := os.ReadFile("testdata/space-read-key.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Inputs   struct{ K_hex string }
		Expected struct{ ReadKey string }
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if got := readKey(t, unhex(t, v.Inputs.K_hex)).DID(); got != v.Expected.ReadKey || got != chessRead {
		t.Fatalf("read key %s, want %s", got, v.Expected.ReadKey)
	}
}

// TestWeaveMeshSignature checks our signature reading against a foreign
// signer: Weave's mesh proof vector (04 §6.2, label weave-mesh/v1).
func TestWeaveMeshSignature(t *testing.T) {
	const T = "weave-mesh/v1|example-space-id|did:key:zDnaeV1SzGREx4fjGtUofWfZfnH42TV5EboaJ6deJLxvmo6jd|did:key:zDnaebEoAa6Zv2oVPznMq3oDqaXb9jCUUX15n4LzqpwMRLxzp|_8bGsP1hPeS2r_CFgK10jg|sha-256 AA:BB|sha-256 CC:DD"
	const prover = "did:key:zDnaeV1SzGREx4fjGtUofWfZfnH42TV5EboaJ6deJLxvmo6jd"
	const sig = "tSsGyRGc85v0Q6QwVpHwssS0PeNyR3wqX_bK3y8w0AGeOEew4Iyu2wZ-FlBzl67tjNv3NYsgw3NWyPup4I7CQQ"
	if err := verify(prover, []byte(T), sig, "mesh proof"); err != nil {
		t.Fatal(err)
	}
	if err := verify(prover, []byte(T+"x"), sig, "mesh proof"); err == nil {
		t.Fatal("a changed T verified")
	}
}
