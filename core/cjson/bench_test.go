package cjson

import (
	"encoding/json"
	"testing"
)

// A version about the size 02 signs: the signed part of a record with a
// note, links and seen heads.
var benchVersion = []byte(`{"author":"did:key:zDnaeSm3GDBe3cfca4gaw8nchcuzkJ2LPQiZp9tYs2bRGfQRJ","bodyHash":"b47jrvlapsxwsx44hipgsfbwdbupytsv4giuf4hxgoj33hiq4oubq","collection":"app.todo.item","createdAt":"2026-09-26T12:00:00.000Z","key":"mfrggzdfmztwq2lknnwg23tpoa","links":[{"rel":"about","to":"list.groceries"}],"log":{"n":3,"prev":"bay24o4ltme7k2zpxr4mqueg3s4f7eovulwccdvmpqlzxf5hafetq"},"proof":{"payload":{"aud":"did:key:zDnaeSm3GDBe3cfca4gaw8nchcuzkJ2LPQiZp9tYs2bRGfQRJ","cmd":"/","exp":1790000000,"iss":"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd","nonce":"AAECAwQFBgcICQoL","pol":[],"sub":"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"},"sig":"rHSTyMWb-ryjlm0LoqyvPnye5o9PFGXL-zVv7bCx6g-6e4ZVPkOibbYtgHOOoMV9uNBQyuaKr20WDdngn638cg","type":"minca/ucan/dlg@1"},"seen":["b2adwpfsyvp6w5qyvo54kgtomdh4iqdg5xhrwwyva7qq54lh74gpq"],"seq":4,"space":"bimjoifogypbqrtuich3e375d67y43znkjsjnp4q4qhe7gwf7u74a","body":{"done":false,"text":"Buy milk","n":12.5}}`)

func BenchmarkParse(b *testing.B) {
	b.SetBytes(int64(len(benchVersion)))
	for b.Loop() {
		if _, err := Parse(benchVersion); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	v, err := Parse(benchVersion)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(benchVersion)))
	for b.Loop() {
		if _, err := Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdlibUnmarshal is encoding/json reading the same text into any,
// for a ratio taken in the same run.
func BenchmarkStdlibUnmarshal(b *testing.B) {
	b.SetBytes(int64(len(benchVersion)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(benchVersion, &v); err != nil {
			b.Fatal(err)
		}
	}
}
