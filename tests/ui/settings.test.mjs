// Settings' "Start at login" in headless Chromium against a real `minca ui`:
// ticking it writes the login entry $XDG_CONFIG_HOME/autostart/minca.desktop
// (app/autostart), which starts the tray hidden; unticking removes it. Both
// checked on disk, in a temporary HOME and XDG_CONFIG_HOME.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { bin, envFor, freshHome, launchChromium, startUI } from "./minca.mjs";
import { T, createAccount, nav, shot } from "./flows.mjs";

describe("Settings: Start at login", { skip: !bin && "MINCA_BIN is unset: run tests/run-e2e.sh" }, () => {
  let home, config, entry, ui, browser, page;

  before(async () => {
    home = freshHome();
    // A config directory apart from HOME/.config: the entry must follow XDG_CONFIG_HOME.
    config = join(home.home, "xdg-config");
    entry = join(config, "autostart", "minca.desktop");
    ui = await startUI(home.home, { ...envFor(home.home), XDG_CONFIG_HOME: config });
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(ui.url);
    await createAccount(page, "Ada", join(home.home, "Minca"));
  });

  after(async () => {
    await browser?.close();
    const code = await ui?.stop();
    home?.cleanup();
    assert.equal(code, 0, "minca ui exits cleanly on SIGTERM");
  });

  it("is off for a new profile, with no login entry", async () => {
    await nav(page, "Settings");
    const box = page.getByTestId("autostart");
    await box.waitFor({ timeout: T });
    assert.equal(await box.isChecked(), false);
    assert.equal(existsSync(entry), false);
    assert.equal(existsSync(join(home.home, ".config", "autostart", "minca.desktop")), false);
  });

  it("ticking it writes the entry that starts the tray hidden; unticking removes it", async () => {
    const box = page.getByTestId("autostart");
    await box.check();
    await waitFile(entry, true);
    const text = readFileSync(entry, "utf8");
    assert.match(text, /^\[Desktop Entry\]/m);
    assert.match(text, /^Name=Minca$/m);
    const exec = /^Exec=(.*)$/m.exec(text)?.[1] ?? "";
    assert.equal(exec, `"${realpathSync(bin)}" "tray" "--hidden" "--background"`, "the entry starts this minca's tray, hidden, in the background");
    assert.equal(existsSync(join(home.home, ".config", "autostart", "minca.desktop")), false, "not under HOME/.config");
    assert.equal(await page.getByTestId("error").count(), 0);
    await shot(page, "settings-autostart-on");

    // A new visit to Settings reads the setting from disk.
    await nav(page, "Spaces");
    await nav(page, "Settings");
    assert.equal(await page.getByTestId("autostart").isChecked(), true);

    await page.getByTestId("autostart").uncheck();
    await waitFile(entry, false);
    await nav(page, "Spaces");
    await nav(page, "Settings");
    assert.equal(await page.getByTestId("autostart").isChecked(), false);
    assert.equal(await page.getByTestId("error").count(), 0);
  });
});

/** Waits until path exists (or, with want false, is gone). */
async function waitFile(path, want) {
  const end = Date.now() + T;
  while (existsSync(path) !== want) {
    if (Date.now() > end) assert.fail(`${path} ${want ? "not written" : "not removed"} within ${T} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
