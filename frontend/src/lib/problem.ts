// An error as the page shows it: what happened and what to do in people's words, and the technical text
// behind it for a "Details" disclosure, never as the headline.
import { ApiError } from "./host";

export interface Problem {
  /** What happened, in a sentence. */
  text: string;
  /** What to do ("" when nothing is to say). */
  hint: string;
  /** The technical text behind it ("" when none). */
  detail: string;
  /**
   * What is wrong, in plain words, where the node's reason tells it (a refused invite link: node/api InviteWhy): shown
   * under "Details" above the technical text, which then sits under its own "Technical details".
   */
  why?: string;
}

/**
 * The node words its errors by code (app/uierror.go: node/api Explain), so an ApiError's message is the
 * headline and its detail the node's own text. An ApiError without a code never passed through there (a
 * bare text from the bridge or the window), and one with "missing" names a binding this host lacks: both
 * get words here. A plain Error is the page's own sentence.
 */
export function problemOf(e: unknown): Problem {
  if (e instanceof ApiError) {
    if (e.code === "missing") {
      return { text: "This window cannot do that.", hint: "Open the Minca app and try it there.", detail: e.message };
    }
    if (e.code === "") {
      return { text: "Something went wrong between this window and Minca.", hint: "Try again. If it keeps happening, open Minca again.", detail: e.message };
    }
    return { text: e.message, hint: e.hint, detail: e.detail, ...(e.why ? { why: e.why } : {}) };
  }
  if (e instanceof Error) return { text: e.message, hint: "", detail: "" };
  return { text: String(e), hint: "", detail: "" };
}
