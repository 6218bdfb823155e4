// `minca ui` in headless Chromium: the page shows what the node reports
// through the app bindings, over the loopback bridge.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { bin, freshHome, launchChromium, startUI, statusJSON } from "./minca.mjs";

/** The Overview: on first run (no account yet) behind "About this computer". */
async function openOverview(page) {
  const status = page.getByTestId("status");
  const about = page.getByTestId("about");
  await Promise.race([status.waitFor({ timeout: 15000 }), about.waitFor({ timeout: 15000 })]);
  if (await about.isVisible()) await about.click();
  await status.waitFor({ timeout: 15000 });
}

describe("minca ui in Chromium", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, ui, browser;

  before(async () => {
    home = freshHome();
    ui = await startUI(home.home);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    const code = await ui?.stop();
    home?.cleanup();
    assert.equal(code, 0, "minca ui exits cleanly on SIGTERM");
  });

  it("shows the version, the store and the data folder the node reports", async () => {
    const page = await browser.context.newPage();
    await page.goto(ui.url);
    const want = statusJSON(home.home);
    assert.equal(want.storePath, join(home.home, ".local/share/minca/profiles/default/node.db"));

    await openOverview(page);
    assert.equal(await page.getByTestId("version").textContent(), want.version);
    assert.equal(await page.getByTestId("store-path").textContent(), want.storePath);
    assert.equal(want.journalMode, "wal");
    assert.match(await page.getByTestId("store-details").textContent(), new RegExp(`SQLite, WAL, schema ${want.storeSchema}`));
    assert.equal(await page.getByTestId("data-folder").textContent(), join(home.home, "Minca"));
    assert.equal(await page.getByTestId("folder-state").textContent(), "Default, not created yet");
    assert.equal(await page.getByTestId("status-line").textContent(), want.line);
    assert.equal(await page.getByTestId("host").textContent(), "Browser on this computer");
    assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Overview");

    // The token leaves the address bar; a reload still works (sessionStorage).
    assert.ok(!page.url().includes("token"), `token still in ${page.url()}`);
    await page.reload();
    await openOverview(page);

    // Opening the page wrote nothing in the data folder (no account yet).
    assert.ok(!existsSync(join(home.home, "Minca")));

    if (process.env.MINCA_E2E_ARTIFACTS) {
      await page.screenshot({ path: join(process.env.MINCA_E2E_ARTIFACTS, "ui-chromium.png") });
    }
    await page.close();
  });

  it("the status event arrives over SSE", async () => {
    const page = await browser.context.newPage();
    await page.goto(ui.base + "#token=" + ui.token);
    const line = await page.evaluate(
      (token) =>
        new Promise((resolve, reject) => {
          const es = new EventSource(`api/v1/events?token=${token}`);
          es.addEventListener("status", (e) => {
            es.close();
            resolve(JSON.parse(e.data).line);
          });
          setTimeout(() => reject(new Error("no status event")), 10000);
        }),
      ui.token,
    );
    assert.equal(line, statusJSON(home.home).line);
    await page.close();
  });

  it("without the token the page says why it cannot read the status", async () => {
    const page = await browser.context.newPage(); // a new tab: no sessionStorage
    await page.goto(ui.base);
    const err = page.getByTestId("error");
    await err.waitFor({ timeout: 15000 });
    assert.match(await err.textContent(), /bad or missing token/);
    await page.close();
  });

  it("a page from another origin cannot call the bindings", async () => {
    const page = await browser.context.newPage();
    await page.goto("data:text/html,<p>elsewhere</p>");
    const outcome = await page.evaluate(
      async ([base, token]) => {
        try {
          const r = await fetch(base + "api/v1/Status", {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Minca-Token": token },
            body: "[]",
          });
          return `status ${r.status}`;
        } catch (e) {
          return "blocked";
        }
      },
      [ui.base, ui.token],
    );
    // The browser blocks the preflight or the bridge refuses the Origin;
    // either way no result reaches the page.
    assert.notEqual(outcome, "status 200");
    await page.close();
  });
});
