// The views of the app shell, in sidebar order. "space" is opened from
// Spaces and has no sidebar entry of its own.
import type { Component } from "svelte";
import type { AppCtx } from "../lib/app.svelte";
import Folder from "./Folder.svelte";
import Join from "./Join.svelte";
import Overview from "./Overview.svelte";
import Settings from "./Settings.svelte";
import Spaces from "./Spaces.svelte";
import Sync from "./Sync.svelte";

export interface View {
  id: string;
  label: string;
  component: Component<{ ctx: AppCtx }>;
}

export const views: View[] = [
  { id: "spaces", label: "Spaces", component: Spaces },
  { id: "join", label: "Join a space", component: Join },
  { id: "sync", label: "Sync", component: Sync },
  { id: "folder", label: "Data folder", component: Folder },
  { id: "settings", label: "Settings", component: Settings },
  { id: "overview", label: "Overview", component: Overview },
];
