// Generates canonical.json and numbers.json with a real JavaScript engine:
//   node gen.js
// canonical(v) = JSON.stringify with object members sorted by UTF-16 code
// units (JavaScript's default sort order).
const fs = require("fs");

function canonical(v) {
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  if (v !== null && typeof v === "object") {
    return "{" + Object.keys(v).sort().map(k => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

const inputs = [
  ["brief-2.1", '{"b":[1,"x",null,true,{"c":1.5e21}],"a":"é\\ud800","B":-0,"10":1,"9":2,"Z":0.1}'],
  ["scalars", '[null,true,false,0,-0,1,-1,0.5,"",[],{}]'],
  ["whitespace", ' \t\r\n{ "a" : [ 1 , 2 ] , "b" : { } } \n'],
  ["numbers", '[1e21,1e20,1e-7,1e-6,0.000001,123456789012345680000,1.5e-7,5e-324,1.7976931348623157e308,-1e-7,100,1.0,1E2,1e+2,0.30000000000000004,9007199254740993,9223372036854775808,123e-20,4.35,333333333.33333329,1e23,-0.0,0e5,1e-400]'],
  ["u2028", '["\\u2028\\u2029","\u2028"]'],
  ["controls", '"\\u0000\\u0001\\b\\t\\n\\u000b\\f\\r\\u000e\\u001f\\u0020\\u007f\\"\\\\\\/"'],
  ["html", '"<>&\'"'],
  ["escaped-ascii", '"\\u0041\\u00e9\\u00E9"'],
  ["lone-high", '"a\\ud800b"'],
  ["lone-low", '"\\udc00"'],
  ["lone-pair-reversed", '"\\udc00\\ud800"'],
  ["pair", '"\\ud83d\\ude00"'],
  ["pair-upper-hex", '"\\uD83D\\uDE00"'],
  ["high-then-pair", '"\\ud800\\ud83d\\ude00"'],
  ["lone-at-end-high", '"x\\udbff"'],
  ["raw-astral", '"😀"'],
  ["keys-utf16-order", '{"\ue000":1,"😀":2,"\uffff":3,"a":4,"\u00e9":5,"":6}'],
  ["keys-surrogate-escapes", '{"\\ud800":1,"\\udfff":2,"\\ud83d\\ude00":3,"\\uffff":4}'],
  ["keys-ascii", '{"b":1,"a":2,"A":3,"aa":4,"_":5,"1":6,"10":7,"9":8}'],
  ["nested", '{"z":{"y":{"x":[{"b":1,"a":[{"d":1,"c":2}]}]}},"a":[[[]]]}'],
  ["escape-in-key", '{"a\\"b":1,"a\\\\b":2,"a\\nb":3}'],
  ["top-string", '"plain"'],
  ["top-number", '-12.5e-3'],
  ["03 constitution-public-chess-club", "{\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"minca\":\"constitution/1\",\"name\":\"Chess club\",\"nonce\":\"AAECAwQFBgcICQoL\",\"resolver\":\"strong-remove/1\",\"roles\":[{\"grants\":[{\"cmd\":\"/record\",\"pol\":[]},{\"cmd\":\"/collection/define\",\"pol\":[]},{\"cmd\":\"/role/assign\",\"pol\":[[\"==\",\".role\",\"editor\"]]}],\"name\":\"editor\",\"title\":\"Editor\"}],\"top\":{\"founders\":[\"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd\"]},\"visibility\":\"public\"}"],
  ["03 constitution-private-chess-club", "{\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"encryptionKeyId\":\"bgk-m-Kq-gEGgJCOOEYNYw\",\"minca\":\"constitution/1\",\"name\":\"Chess club\",\"nonce\":\"AAECAwQFBgcICQoL\",\"readKey\":\"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt\",\"resolver\":\"strong-remove/1\",\"roles\":[{\"grants\":[{\"cmd\":\"/record\",\"pol\":[]},{\"cmd\":\"/collection/define\",\"pol\":[]},{\"cmd\":\"/role/assign\",\"pol\":[[\"==\",\".role\",\"editor\"]]}],\"name\":\"editor\",\"title\":\"Editor\"}],\"top\":{\"founders\":[\"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd\"]},\"visibility\":\"private\"}"],
  ["03 constitution-bike-coop", "{\"assigned\":{\"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd\":[\"steward\"]},\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"minca\":\"constitution/1\",\"name\":\"Bike co-op\",\"nonce\":\"AAECAwQFBgcICQoL\",\"resolver\":\"strong-remove/1\",\"roles\":[{\"grants\":[{\"cmd\":\"/\",\"pol\":[]}],\"name\":\"steward\"}],\"succeeds\":\"blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq\",\"top\":\"none\",\"visibility\":\"public\"}"],
];
const cases = inputs.map(([name, input]) => ({ name, input, canonical: canonical(JSON.parse(input)) }));
fs.writeFileSync("canonical.json", JSON.stringify(cases, null, 1) + "\n");

// Numbers: float64 bit patterns and String(x).
const buf = new DataView(new ArrayBuffer(8));
const bits = [
  "0000000000000000", "8000000000000000", "0000000000000001", "8000000000000001",
  "7fefffffffffffff", "ffefffffffffffff", "0010000000000000", "000fffffffffffff",
  "3ff0000000000000", "4340000000000000", "4340000000000001", "44b52d02c7e14af6",
  "44b52d02c7e14af5", "3eb0c6f7a0b5ed8d", "3eb0c6f7a0b5ed8c", "41b3de4355555555",
  "4415af1d78b58c40", "3e7ad7f29abcaf48", "3e7ad7f29abcaf47", "43e0000000000000",
];
let seed = 12345;
function rnd32() { seed = (seed * 1103515245 + 12345) >>> 0; return seed; }
while (bits.length < 3000) {
  const h = rnd32().toString(16).padStart(8, "0") + rnd32().toString(16).padStart(8, "0");
  if ((parseInt(h.slice(0, 3), 16) & 0x7ff) === 0x7ff) continue; // NaN/Inf
  bits.push(h);
}
// Integers and short decimals, where layouts change.
for (let e = -30; e <= 30; e++) for (const m of [1, 1.5, 123456789, 9.87654321]) {
  buf.setFloat64(0, m * Math.pow(10, e));
  bits.push(buf.getBigUint64(0).toString(16).padStart(16, "0"));
}
const numbers = bits.map(h => {
  buf.setBigUint64(0, BigInt("0x" + h));
  return { bits: h, js: String(buf.getFloat64(0)) };
});
fs.writeFileSync("numbers.json", JSON.stringify(numbers) + "\n");
