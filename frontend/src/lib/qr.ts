// QR codes for invite links, drawn as one SVG path (qrcode-generator 2.0.4
// makes the matrix: byte mode, error correction M, the smallest version).
import qrcode from "qrcode-generator";

/** The fewest screen pixels a module gets, so a phone camera can read the code. */
export const MIN_MODULE_PX = 4;
/** The smallest the code is drawn, in pixels. */
export const MIN_QR_PX = 200;
/**
 * The largest it is drawn: what the window shows whole at its smallest (1024×700) beside the link's controls.
 * At MIN_MODULE_PX that is version 28 (129 modules); a longer link's code would be too dense or too large.
 */
export const MAX_QR_PX = 560;

/** A code ready to draw: its matrix and its size in pixels, quiet zone included. */
export interface QrFit {
  matrix: boolean[][];
  px: number;
}

/**
 * The code of text at level M when it fits MAX_QR_PX at MIN_MODULE_PX a module, else at L (a private invite with
 * a node URL); null when neither does: such a link is copied, not scanned.
 */
export function qrFit(text: string): QrFit | null {
  for (const level of ["M", "L"] as const) {
    let matrix: boolean[][];
    try {
      matrix = qrMatrix(text, level);
    } catch {
      continue; // too long for any version at this level
    }
    const px = Math.max(MIN_QR_PX, qrSize(matrix) * MIN_MODULE_PX);
    if (px <= MAX_QR_PX) return { matrix, px };
  }
  return null;
}

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
