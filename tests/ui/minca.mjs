// Helpers for the browser tests: a `minca ui` process in a fresh home, and
// a headless Debian Chromium driven by playwright-core.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

export const bin = process.env.MINCA_BIN;

/** A fresh home directory, removed with cleanup(). */
export function freshHome() {
  const home = mkdtempSync(join(tmpdir(), "minca-ui-home-"));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/** The environment of a minca process whose state lives under home. */
export function envFor(home) {
  const env = { ...process.env, HOME: home };
  for (const k of ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]) delete env[k];
  return env;
}

/** `minca status --json` in home. */
export function statusJSON(home) {
  return JSON.parse(execFileSync(bin, ["status", "--json"], { env: envFor(home) }).toString());
}

/** Starts `minca ui` in home (env: its environment); resolves with its URL, token and a stop(). */
export async function startUI(home, env = envFor(home)) {
  const proc = spawn(bin, ["ui", "--listen", "127.0.0.1:0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => proc.on("exit", (code) => resolve(code)));
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout });
    const timer = setTimeout(() => reject(new Error(`minca ui printed no address: ${stderr}`)), 15000);
    rl.once("line", (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    proc.once("exit", (code) => reject(new Error(`minca ui exited ${code}: ${stderr}`)));
  });
  const m = /^Minca UI: (http:\/\/127\.0\.0\.1:\d+\/)#token=([0-9a-f]{64})$/.exec(line);
  if (!m) throw new Error(`unexpected first line: ${line}`);
  return {
    url: m[1] + "#token=" + m[2],
    base: m[1],
    token: m[2],
    async stop() {
      proc.kill("SIGTERM");
      return exited;
    },
  };
}

/** Launches /usr/bin/chromium headless with a throwaway profile. */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), "minca-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1100, height: 720 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context: browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
