// QR codes for invite links, drawn as one SVG path (qrcode-generator 2.0.4
// makes the matrix: byte mode, error correction M or L, the smallest version).
import qrcode from "qrcode-generator";

/** The fewest screen pixels a module gets, so a phone camera can read the code. */
export const MIN_MODULE_PX = 4;
/**
 * The fewest pixels a module gets in the dialog, where the code is alone on the window: whole pixels keep each
 * module crisp, and a whole code a phone sees at once reads better than a bigger one it must scroll to (a version-40
 * code at 3 px is 579 px, whole in a 700 px high window; at 4 px it was not).
 */
export const MIN_DIALOG_MODULE_PX = 2;
/** The smallest the code is drawn, in pixels. */
export const MIN_QR_PX = 200;
/**
 * The largest it is drawn beside the link: what the window shows whole at its smallest (1024×700) beside the link's
 * controls. At MIN_MODULE_PX that is version 28 (129 modules); a longer link's code opens in a dialog of its own.
 */
export const MAX_QR_PX = 560;
/** The most bytes a QR code holds: version 40 at level L. A longer link is copied, not scanned. */
export const MAX_QR_BYTES = 2953;
/**
 * What a dialog leaves of the window beside its code, in pixels (components/QrDialog: its words in a column of 200
 * beside the code, gap 24, padding 20 and 12, the code's border 1).
 */
export const DIALOG_CHROME_PX = { width: 270, height: 26 };

/** Where a code is drawn: beside its link, or alone in a full-window dialog (a link of 1,529 to 2,953 bytes). */
export type QrPlace = "inline" | "dialog";

/** A code ready to draw: its matrix, its least size in pixels (quiet zone included), and where it goes. */
export interface QrFit {
  matrix: boolean[][];
  px: number;
  place: QrPlace;
}

/**
 * The code of text beside the link when it fits MAX_QR_PX at MIN_MODULE_PX a module (level M, else L); else the
 * smallest code that holds it (level L, up to version 40), for a dialog; null when no QR code holds it.
 */
export function qrFit(text: string): QrFit | null {
  for (const level of ["M", "L"] as const) {
    const matrix = qrMatrixOrNull(text, level);
    if (!matrix) continue;
    const px = Math.max(MIN_QR_PX, qrSize(matrix) * MIN_MODULE_PX);
    if (px <= MAX_QR_PX) return { matrix, px, place: "inline" };
  }
  const matrix = qrMatrixOrNull(text, "L");
  return matrix && { matrix, px: qrSize(matrix) * MIN_MODULE_PX, place: "dialog" };
}

/**
 * The whole pixels a module gets in a dialog filling a window of width×height: as many as show the code whole,
 * never under MIN_DIALOG_MODULE_PX (the dialog then scrolls).
 */
export function dialogModulePx(m: boolean[][], width: number, height: number): number {
  const room = Math.min(width - DIALOG_CHROME_PX.width, height - DIALOG_CHROME_PX.height);
  return Math.max(MIN_DIALOG_MODULE_PX, Math.floor(room / qrSize(m)));
}

/** The module matrix of text at level, or null when no version holds text at it. */
function qrMatrixOrNull(text: string, level: "L" | "M"): boolean[][] | null {
  try {
    return qrMatrix(text, level);
  } catch {
    return null;
  }
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
