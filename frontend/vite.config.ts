import { defineConfig } from "vitest/config";
import { svelte } from "@sveltejs/vite-plugin-svelte";

// Built into dist/, which main.go embeds. Relative asset paths, so the same
// build loads from the Wails asset server and from `minca ui`.
export default defineConfig({
  base: "./",
  plugins: [svelte()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
