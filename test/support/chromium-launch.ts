/**
 * How the end-to-end specs and the renderer bench launch Debian's Chromium: the same browser, the same
 * switches, so that a bench figure and a spec see one browser. No browser is downloaded: CHROMIUM_PATH
 * or /usr/bin/chromium is used.
 *
 * Debian's Chromium is the full browser run headless, with its own browser UI. In Chromium 156 (Debian's
 * on 2026-12-02) that UI includes the address bar's pop-up as a WebUI page, which every new tab (so every
 * Playwright context) loads in a renderer of its own: measured that day on this 2-core machine, it ran about
 * 2 s of a core over one cold load of the app's page, beside it, and doubled the app's time to its
 * sign-in form. The desktop app (Electron) has no address bar; the switch below turns that pop-up off.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  ],
}
