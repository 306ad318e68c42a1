import { existsSync } from 'node:fs';

/**
 * The browser the tests drive: Debian's (.ci/run installs it; no browser can be downloaded on these
 * machines). A module of its own: ./global-setup.ts asks whether it is there without loading
 * puppeteer.
 *
 * Debian's `chromium-headless-shell` first: the same Chromium (Blink, V8, the same version as the
 * `chromium` package) built as the headless shell made for automation, without the full
 * browser's UI process work. On the 2-core build machine it ran the browser files with 5-10 s
 * less CPU than `chromium --headless` (26 November 2026: 44-49 s against 53-54 s for all the
 * browser files). Without it, `chromium` in its own headless mode; CHROMIUM_PATH names another
 * (a full browser is run headless, a path ending in `headless-shell` as the shell).
 */
const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : FULL);
export const HAS_CHROMIUM = existsSync(CHROMIUM);
/** Puppeteer's `headless` for CHROMIUM: 'shell' for the headless shell, true (the new headless mode) for a full browser. */
export const HEADLESS: 'shell' | true = CHROMIUM.endsWith('headless-shell') ? 'shell' : true;
