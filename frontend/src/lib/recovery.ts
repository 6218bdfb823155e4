// The check that a new account's recovery code was saved: ask back two of
// its groups (01 §2.2: 26 Crockford symbols in groups 4-4-4-4-4-4-2).

/** The groups of a recovery code, as shown. */
export function groups(code: string): string[] {
  return code.trim().toUpperCase().split(/[-\s]+/).filter(Boolean);
}

/** Two distinct group positions (0-based, sorted) among the first six, from rnd in [0,1). */
export function pickGroups(code: string, rnd: () => number = Math.random): [number, number] {
  const n = Math.min(groups(code).length, 6);
  if (n < 2) return [0, 0];
  const a = Math.floor(rnd() * n) % n;
  let b = Math.floor(rnd() * (n - 1)) % (n - 1);
  if (b >= a) b++;
  return a < b ? [a, b] : [b, a];
}

/** Reads a typed group like the node reads a code: case, spaces and I/L/O folded. */
export function normalise(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
}

/** Whether the typed answers match the code's groups at the asked positions. */
export function checkGroups(code: string, asked: number[], typed: string[]): boolean {
  const g = groups(code);
  return asked.length > 0 && asked.every((pos, i) => g[pos] !== undefined && normalise(typed[i] ?? "") === g[pos]);
}

/** "1st", "2nd", "3rd", "4th"… */
export function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/** A recovery code's alphabet (01 §2.1): Crockford's, no I, L, O or U. */
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** How many letters and digits a recovery code has (01 §2.2). */
export const CodeSymbols = 26;

/** What a recovery code looks like, in a sentence. */
export const codeShape =
  `A recovery code has ${CodeSymbols} letters and digits in groups of four, like XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XX; ` +
  "O may be typed as 0, and I or L as 1.";

/**
 * Why typed text is not a recovery code, in people's words, or "" when it
 * reads as one as the node reads it (01 §2.3: case, dashes and spaces
 * ignored, O as 0, I and L as 1, U as V; then 26 symbols of the alphabet).
 */
export function codeProblem(typed: string): string {
  const syms = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1").replace(/U/g, "V");
  if (!syms) return "";
  const bad = [...new Set([...syms].filter((c) => !crockford.includes(c)))];
  if (bad.length > 0) {
    const list = bad.slice(0, 3).map((c) => `“${c}”`).join(", ");
    return `That is not a recovery code: ${list} cannot be in one. ${codeShape}`;
  }
  if (syms.length !== CodeSymbols) {
    return `That is not a recovery code: it has ${syms.length} letters and digits, not ${CodeSymbols}. ${codeShape}`;
  }
  return "";
}
