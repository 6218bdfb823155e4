// What happens to sync once the window closes (app.AfterClose…, answered by
// the window only): App.svelte's notice and Settings' "When you close this
// window" both follow it.
import type { AfterClose } from "./api";
import type { AppCtx } from "./app.svelte";

const values: AfterClose[] = ["tray", "background", "other", "stops"];

/** The value of an "afterClose" event's data, or undefined if it is not one. */
export function afterCloseOf(d: unknown): AfterClose | undefined {
  const v = d && typeof d === "object" && "afterClose" in d ? (d as { afterClose: unknown }).afterClose : undefined;
  return values.find((x) => x === v);
}

/**
 * Calls set with what happens once the window closes: at once, at each
 * "afterClose" event (the tray quit or started, a tray host came up), and
 * again when the window gets focus. Outside the window it does nothing.
 * Returns the unsubscribe.
 */
export function watchAfterClose(ctx: AppCtx, set: (s: AfterClose) => void): () => void {
  if (ctx.api.host.kind !== "window") return () => {};
  const ask = () =>
    ctx
      .optional("AfterClose", () => ctx.api.afterClose())
      .then((s) => s && set(s))
      .catch(() => undefined);
  ask();
  const off = ctx.api.host.on("afterClose", (d) => {
    const s = afterCloseOf(d);
    if (s) set(s);
  });
  window.addEventListener("focus", ask);
  return () => (off(), window.removeEventListener("focus", ask));
}
