// QR codes for invite links, drawn as one SVG path (qrcode-generator 2.0.4
// makes the matrix: byte mode, error correction M, the smallest version).
import qrcode from "qrcode-generator";

/** The module matrix of text: true = dark. Throws when text is too long for level. */
export function qrMatrix(text: string, level: "L" | "M" = "M"): boolean[][] {
  const qr = qrcode(0, level);
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** An SVG path of the dark modules, offset by a quiet zone of `quiet` modules. */
export function qrPath(m: boolean[][], quiet = 4): string {
  let d = "";
  m.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      d += `M${start + quiet} ${r + quiet}h${c - start}v1h-${c - start}z`;
    }
  });
  return d;
}

/** The whole SVG's size in modules with the quiet zone. */
export function qrSize(m: boolean[][], quiet = 4): number {
  return m.length + 2 * quiet;
}
