import { describe, expect, it } from "vitest";
import { AppCtx } from "./app.svelte";
import { Api } from "./api";
import type { Host } from "./host";

/** A host that delivers events the test emits, and answers no calls. */
function eventHost() {
  const subs = new Map<string, Set<(d: unknown) => void>>();
  const host: Host = {
    kind: "browser",
    call: () => Promise.reject(new Error("no calls here")),
    on(event, fn) {
      if (!subs.has(event)) subs.set(event, new Set());
      subs.get(event)!.add(fn);
      return () => subs.get(event)!.delete(fn);
    },
  };
  const emit = (event: string, d: unknown) => subs.get(event)?.forEach((fn) => fn(d));
  return { host, emit };
}

/** sessionStorage's part the app uses, in memory. */
function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

/** An eventHost whose Links binding answers links. */
function linksHost(links: unknown[]) {
  const h = eventHost();
  h.host.call = <T>(method: string) =>
    method === "Links" ? Promise.resolve(links as T) : Promise.reject(new Error("no calls here"));
  return h;
}

describe("AppCtx and opened links", () => {
  it("a link sent before the page listened comes through Links, once", async () => {
    const { host, emit } = linksHost([{ link: "minca:early", id: "7" }]);
    const ctx = new AppCtx(new Api(host), memoryStore());
    ctx.watch();
    await Promise.resolve();
    await Promise.resolve();
    expect(ctx.takeLink()).toBe("minca:early");
    emit("invite", { link: "minca:early", id: "7" }); // the same hand-off, heard as an event too
    expect(ctx.links.link).toBe("");
  });
  it("an unsubscribed page takes no late answer of Links", async () => {
    const { host } = linksHost([{ link: "minca:late", id: "8" }]);
    const ctx = new AppCtx(new Api(host), memoryStore());
    ctx.watch()();
    await Promise.resolve();
    await Promise.resolve();
    expect(ctx.links.link).toBe("");
  });
  it("an invite event waits until taken; taking it empties the inbox", () => {
    const { host, emit } = eventHost();
    const ctx = new AppCtx(new Api(host), memoryStore());
    const off = ctx.watch();
    emit("invite", { link: "minca:abc", id: "1" });
    expect(ctx.links.link).toBe("minca:abc");
    expect(ctx.takeLink()).toBe("minca:abc");
    expect(ctx.links.link).toBe("");
    off();
    emit("invite", { link: "minca:def", id: "2" });
    expect(ctx.links.link).toBe("");
  });
  it("a page loaded again (same session) does not show a hand-off it showed", () => {
    const store = memoryStore();
    const first = eventHost();
    const ctx = new AppCtx(new Api(first.host), store);
    ctx.watch();
    first.emit("invite", { link: "minca:abc", id: "1" });
    ctx.takeLink();

    const again = eventHost();
    const reloaded = new AppCtx(new Api(again.host), store);
    reloaded.watch();
    again.emit("invite", { link: "minca:abc", id: "1" }); // the kept event, with the snapshot
    expect(reloaded.links.link).toBe("");
    again.emit("invite", { link: "minca:abc", id: "2" }); // opened once more
    expect(reloaded.links.link).toBe("minca:abc");
  });
  it("a damaged store is no memory, not a failure", () => {
    const store = memoryStore();
    store.setItem("minca.links", "{not json");
    const { host, emit } = eventHost();
    const ctx = new AppCtx(new Api(host), store);
    ctx.watch();
    emit("invite", { link: "minca:abc", id: "1" });
    expect(ctx.links.link).toBe("minca:abc");
  });
});
