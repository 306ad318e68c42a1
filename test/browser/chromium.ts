import { existsSync } from 'node:fs';

/**
 * Debian's chromium (.ci/run installs it); no browser can be downloaded on these machines. A module
 * of its own: ./global-setup.ts asks whether it is there without loading puppeteer.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
