// Keyboard focus across a space page's actions: an action reloads the page, and what held focus may be gone (the ×
// of a role taken away, a removed member's row) or was disabled while the page was busy. Focus then goes near
// where it was, never to the page itself (issue 8: it fell to <body>). Playwright: tests/ui/focus.test.mjs.

/**
 * A row's place for focus once what held it is gone: harmless to press (a member's name), unlike the next role's ×,
 * where a second Enter would take another role (issue 8).
 */
const home = "[data-focus-home]";

/** What can take focus, enabled. */
const focusable = "button:not(:disabled), select:not(:disabled), input:not(:disabled), textarea:not(:disabled), a[href], summary";

/** Where focus is now, with the cell, row and section (or header) it sits in, innermost first. */
export interface FocusPlace {
  el: HTMLElement | null;
  around: HTMLElement[];
}

/**
 * Follows focus on the page and keeps the last element outside a dialog that held it: the control that opened a
 * confirm, which is where the person was (a closing dialog may not give focus back to it before it is gone).
 */
export function watchOpener(): { opener: () => HTMLElement | null; stop: () => void } {
  let last: HTMLElement | null = null;
  const seen = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement && !e.target.closest("dialog")) last = e.target;
  };
  document.addEventListener("focusin", seen);
  return { opener: () => last, stop: () => document.removeEventListener("focusin", seen) };
}

/** Where focus is before an action: in a confirm, or fallen to the page, where it was before (opener). */
export function focusPlace(opener: HTMLElement | null): FocusPlace {
  let el = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (!el || el === document.body || el.closest("dialog")) el = opener;
  const around = [el?.closest<HTMLElement>("td"), el?.closest<HTMLElement>("tr, li"), el?.closest<HTMLElement>("section, header")];
  return { el, around: around.filter((x): x is HTMLElement => !!x) };
}

/**
 * After an action, only where focus fell to the page: back to the control, else its row's home (a member's name,
 * data-focus-home) or the first control of its cell, row or section that is still there and takes nothing away (no
 * × or danger button), else that section's heading.
 */
export function refocus({ el, around }: FocusPlace) {
  const now = document.activeElement;
  if (now && now !== document.body) return;
  if (el?.isConnected && el.matches(focusable)) return el.focus();
  const places = around.filter((p) => p.isConnected);
  const next =
    places.map((p) => p.querySelector<HTMLElement>(home)).find((x) => x) ??
    places.map((p) => [...p.querySelectorAll<HTMLElement>(focusable)].find(harmless)).find((x) => x);
  if (next) return next.focus();
  const h = places.at(-1)?.closest("section")?.querySelector<HTMLElement>("h2");
  if (h) {
    h.tabIndex = -1;
    h.focus();
  }
}

/** Whether pressing el takes nothing away: not a role's ×, not a danger button. */
function harmless(el: HTMLElement): boolean {
  return !el.matches(".x, .danger, [data-testid=unassign]");
}
