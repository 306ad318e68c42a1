import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SITE_FONTS } from '../../src/api/fonts.ts';
import { REPO_ROOT, resolvePackageFile } from '../snapshot/paths.ts';

/**
 * Puts the reading site's fonts (src/api/fonts.ts) into public/assets/fonts/, copied from their
 * npm packages (devDependencies), so that no font binary is committed: the folder is git-ignored,
 * and every command that serves public/ calls this first (`npm run dev` and the bench through
 * prepareLocal, the tests through vitest.config.ts, `npm run deploy`). A file already
 * there with the same bytes is left alone (its mtime too, so wrangler's asset watcher is quiet).
 */
export const PUBLIC_DIR = join(REPO_ROOT, 'public');

/** The file of a font in node_modules (through its package.json, wherever npm put it). */
export const fontSource = (pkg: string, file: string): string =>
  resolvePackageFile(`${pkg}/${file}`);

/** Copies the fonts that are missing or differ; returns the paths written. */
export function ensureSiteFonts(publicDir = PUBLIC_DIR): string[] {
  const written: string[] = [];
  for (const font of SITE_FONTS) {
    const from = fontSource(font.package, font.file);
    const to = join(publicDir, font.path);
    if (same(from, to)) continue;
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    written.push(font.path);
  }
  if (written.length) console.log(`fonts copied into public/: ${written.join(', ')}`);
  return written;
}

function same(a: string, b: string): boolean {
  try {
    if (statSync(a).size !== statSync(b).size) return false;
  } catch {
    return false;
  }
  return readFileSync(a).equals(readFileSync(b));
}
