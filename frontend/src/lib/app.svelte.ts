// The app's shared state: the node as the Watch events describe it, where
// the person is (view and open space), a short-lived message, and invite
// links opened from another app, waiting to be shown.
import type { Api, NodeEvent } from "./api";
import { codeOf } from "./host";
import { empty, linkShown, noLinks, reduce, sortSpaces, takeLink, type LinkInbox, type NodeState } from "./state";

export interface Route {
  view: string;
  space?: string;
}

const kinds = ["status", "account", "spaces", "space", "sync", "joined"];

/** Where the ids of the hand-offs shown are kept across reloads of the page. */
const seenKey = "minca.links";

export class AppCtx {
  node = $state<NodeState>(empty);
  route = $state<Route>({ view: "spaces" });
  message = $state("");
  /** Bindings the host lacks (e.g. ChooseFolder in a browser), learnt on first call. */
  missing = $state<Record<string, boolean>>({});
  /** Invite links opened from another app ("invite" events), until shown. */
  links = $state<LinkInbox>(noLinks);

  constructor(
    readonly api: Api,
    private readonly store: Pick<Storage, "getItem" | "setItem"> | undefined = globalThis.sessionStorage,
  ) {
    try {
      const seen = JSON.parse(store?.getItem(seenKey) ?? "[]");
      if (Array.isArray(seen)) this.links = { link: "", seen: seen.filter((x) => typeof x === "string") };
    } catch {
      /* nothing kept */
    }
  }

  apply(e: NodeEvent) {
    this.node = reduce(this.node, e);
  }

  /**
   * Subscribes to every Watch kind and to opened links; returns the
   * unsubscribe. Once it listens, it asks for the links handed over so far
   * (api.links): the window may have sent one, such as the link it was
   * launched with, before this page listened. A host without that binding
   * (a browser, whose event stream starts with them) has nothing to add.
   */
  watch(): () => void {
    let on = true;
    const offs = kinds.map((k) => this.api.on(k, (e) => this.apply(e)));
    offs.push(this.api.on("invite", (e) => this.receive(e.data)));
    this.api.links().then(
      (ls) => on && (ls ?? []).forEach((d) => this.receive(d)),
      () => {},
    );
    return () => {
      on = false;
      offs.forEach((off) => off());
    };
  }

  /** Takes an "invite" event's data: a link to show, unless shown before. */
  receive(d: unknown) {
    const next = takeLink(this.links, d);
    if (next === this.links) return;
    this.links = next;
    try {
      this.store?.setItem(seenKey, JSON.stringify(next.seen));
    } catch {
      /* a reload may show it again */
    }
  }

  /** The waiting link, now marked shown; "" when none waits. */
  takeLink(): string {
    const link = this.links.link;
    this.links = linkShown(this.links);
    return link;
  }

  go(view: string, space?: string) {
    this.route = { view, space };
    this.message = "";
  }

  say(text: string) {
    this.message = text;
  }

  async refreshSpaces() {
    const list = await this.api.spaces();
    this.node = { ...this.node, spaces: sortSpaces(list ?? []) };
  }

  /** Calls an optional binding; undefined (and remembered) when the host lacks it. */
  async optional<T>(name: string, call: () => Promise<T>): Promise<T | undefined> {
    if (this.missing[name]) return undefined;
    try {
      return await call();
    } catch (e) {
      if (codeOf(e) === "missing") {
        this.missing = { ...this.missing, [name]: true };
        return undefined;
      }
      throw e;
    }
  }
}
