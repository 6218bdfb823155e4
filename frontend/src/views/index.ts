// The views of the app shell, in sidebar order.
import type { Component } from "svelte";
import type { Api } from "../lib/api";
import Overview from "./Overview.svelte";

export interface View {
  id: string;
  label: string;
  component: Component<{ api: Api }>;
}

export const views: View[] = [{ id: "overview", label: "Overview", component: Overview }];
