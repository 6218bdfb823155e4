import { describe, expect, it } from "vitest";
import jsQR from "jsqr";
import { MAX_QR_BYTES, MAX_QR_PX, MIN_DIALOG_MODULE_PX, MIN_MODULE_PX, dialogModulePx, qrFit, qrMatrix, qrPath, qrSize } from "./qr";

/** Renders the matrix as RGBA pixels, scale px per module, with a quiet zone. */
function pixels(m: boolean[][], scale = 4, quiet = 4) {
  const n = qrSize(m, quiet) * scale;
  const data = new Uint8ClampedArray(n * n * 4).fill(255);
  m.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + quiet) * scale + y) * n + (c + quiet) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }),
  );
  return { data, n };
}

/** Draws the SVG path back into a matrix, to check the path is the matrix. */
function fromPath(d: string, size: number, quiet = 4): boolean[][] {
  const m = Array.from({ length: size }, () => Array(size).fill(false));
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < +w; i++) m[+y - quiet][+x - quiet + i] = true;
  }
  return m;
}

describe("QR code of an invite link", () => {
  const links = [
    "minca:invite?s=bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku&k=zDnaerDaTF5BXEavCCsHD4pTq5gwM1dqBKz5jqAhmPu2pWqvW#sec=Vh3cB2wY7b7F5w1eG0q1t2t3",
    "https://minca.dev/i/Ab3dE",
    "x",
    // As long as the node's invite links (a base64url invitation in the fragment).
    "https://minca.dev/join#invite=" + "eyJhdXRob3IiOiJkaWQ6a2V5OnpEbmFlV25iU3FGczV2S01kVm1VZmllVzhj".repeat(16),
  ];
  for (const link of links) {
    it(`decodes back to the link (${link.length} chars)`, () => {
      const m = qrMatrix(link);
      expect(m.length % 4).toBe(1); // 21, 25, … modules
      const { data, n } = pixels(m);
      const got = jsQR(data, n, n);
      expect(got?.data).toBe(link);
    });
  }
  it("draws exactly the dark modules as the SVG path", () => {
    const m = qrMatrix(links[0]);
    expect(fromPath(qrPath(m), m.length)).toEqual(m);
  });
  it("a link too long for level M fits at L and decodes back", () => {
    // A private space's invite with a node URL: over M's 2331 bytes, within L's 2953.
    const long = "https://minca.dev/join#invite=" + "eyJhdXRob3IiOiJkaWQ6a2V5OnpEbmFlV25iU3FGczV2S01kVm1VZmllVzhj".repeat(42);
    expect(() => qrMatrix(long)).toThrow();
    const m = qrMatrix(long, "L");
    const { data, n } = pixels(m);
    expect(jsQR(data, n, n)?.data).toBe(long);
  });
  it("a different link gives a different code", () => {
    expect(qrMatrix("minca:a")).not.toEqual(qrMatrix("minca:b"));
  });
  it("draws a short link's code beside it, at 4 px a module or more, and no larger than the window shows", () => {
    for (const link of links) {
      const fit = qrFit(link);
      expect(fit?.place).toBe("inline");
      expect(fit!.px / qrSize(fit!.matrix)).toBeGreaterThanOrEqual(MIN_MODULE_PX);
      expect(fit!.px).toBeLessThanOrEqual(MAX_QR_PX);
    }
    // Over M's 1,190 bytes at version 28, within L's 1,528: drawn at L, and decodes back at 4 px a module.
    const mid = "https://minca.dev/join#invite=" + "eyJhdXRob3IiOiJkaWQ6a2V5OnpEbmFlV25iU3FGczV2S01kVm1VZmllVzhj".repeat(24);
    const fit = qrFit(mid)!;
    expect(fit.place).toBe("inline");
    expect(fit.matrix.length).toBeLessThanOrEqual(129);
    const { data, n } = pixels(fit.matrix, MIN_MODULE_PX);
    expect(jsQR(data, n, n)?.data).toBe(mid);
  });
  it("draws a longer link's code, as a private space's invite with a node URL is, in a dialog at 4 px a module or more", () => {
    const long = "https://minca.dev/join#invite=" + "eyJhdXRob3IiOiJkaWQ6a2V5OnpEbmFlV25iU3FGczV2S01kVm1VZmllVzhj".repeat(46); // 2,790 chars
    const fit = qrFit(long)!;
    expect(fit.place).toBe("dialog");
    expect(fit.matrix.length).toBeGreaterThan(129); // more than 4 px a module fits beside the link
    expect(fit.px / qrSize(fit.matrix)).toBeGreaterThanOrEqual(MIN_MODULE_PX);
    const { data, n } = pixels(fit.matrix, MIN_MODULE_PX);
    expect(jsQR(data, n, n)?.data).toBe(long);
    expect(qrFit("x".repeat(1528))?.place).toBe("inline"); // version 28-L's capacity
    expect(qrFit("x".repeat(1529))?.place).toBe("dialog");
    expect(qrFit("x".repeat(MAX_QR_BYTES))?.place).toBe("dialog"); // version 40-L's
  });
  it("gives no code for a link no QR version holds", () => {
    expect(qrFit("x".repeat(MAX_QR_BYTES + 1))).toBeNull();
    expect(qrFit("https://minca.dev/join#invite=" + "A".repeat(3000 - 30))).toBeNull(); // 3,000 bytes
  });
  it("gives a dialog's modules as many whole pixels as show the code whole in the window, never under 4", () => {
    const m = qrMatrix("x".repeat(MAX_QR_BYTES), "L"); // version 40: 177 modules, 185 with the quiet zone
    expect(m.length).toBe(177);
    expect(dialogModulePx(m, 1024, 700)).toBe(3); // 579 px, shown whole (740 px at 4 px would scroll)
    expect(dialogModulePx(m, 2560, 1440)).toBe(Math.floor((1440 - 26) / 185)); // 7 px, shown whole
    expect(dialogModulePx(m, 1920, 1040)).toBe(5);
    expect(dialogModulePx(m, 300, 200)).toBe(MIN_DIALOG_MODULE_PX); // the dialog scrolls
  });
});
