// The app's shared state: the node as the Watch events describe it, where
// the person is (view and open space), and a short-lived message.
import type { Api, NodeEvent } from "./api";
import { codeOf } from "./host";
import { empty, reduce, sortSpaces, type NodeState } from "./state";

export interface Route {
  view: string;
  space?: string;
}

const kinds = ["status", "account", "spaces", "space", "sync", "joined"];

export class AppCtx {
  node = $state<NodeState>(empty);
  route = $state<Route>({ view: "spaces" });
  message = $state("");
  /** Bindings the host lacks (e.g. ChooseFolder in a browser), learnt on first call. */
  missing = $state<Record<string, boolean>>({});

  constructor(readonly api: Api) {}

  apply(e: NodeEvent) {
    this.node = reduce(this.node, e);
  }

  /** Subscribes to every Watch kind; returns the unsubscribe. */
  watch(): () => void {
    const offs = kinds.map((k) => this.api.on(k, (e) => this.apply(e)));
    return () => offs.forEach((off) => off());
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
