import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_LICENCE, SITE_FONTS } from '../../src/api/fonts';
import { ensureSiteFonts, fontSource } from '../../scripts/lib/fonts';
import { REPO_ROOT } from '../../scripts/snapshot/paths';

/**
 * The site's fonts (src/api/fonts.ts): one list, which the stylesheet's @font-face rules, the
 * packages they come from and the copy into public/ must agree with.
 */
const css = readFileSync(join(REPO_ROOT, 'public/assets/site.css'), 'utf8');
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** The @font-face rules of a stylesheet, each as its descriptors. */
function fontFaces(text: string): Record<string, string>[] {
  return [...text.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) =>
    Object.fromEntries(
      m[1]!
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
    ),
  );
}

const range = (r: string) => r.replace(/\s+/g, '');

describe('the site fonts', () => {
  it('site.css declares each, and only these, with its unicode-range, font-display: swap and woff2', () => {
    const faces = fontFaces(css);
    expect(faces.map((f) => f.src)).toEqual(
      SITE_FONTS.map((font) => `url('${font.path}') format('woff2')`),
    );
    faces.forEach((face, i) => {
      const font = SITE_FONTS[i]!;
      expect(face['font-family']).toBe(`'${font.family}'`);
      expect(range(face['unicode-range']!)).toBe(font.unicodeRange);
      expect(face['font-display']).toBe('swap');
      expect(face['font-weight']).toBe('400');
    });
  });

  it('each is its package’s own subset, as the package declares it, under the OFL, pinned exactly', () => {
    for (const font of SITE_FONTS) {
      const root = dirname(fontSource(font.package, 'package.json'));
      const meta = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        license: string;
        version: string;
      };
      expect(meta.license, font.package).toBe(FONT_LICENCE);
      expect(pkg.devDependencies[font.package], font.package).toBe(meta.version);
      const own = fontFaces(readFileSync(join(root, '400.css'), 'utf8')).find((f) =>
        f.src!.includes(`./${font.file}`),
      );
      expect(own, font.file).toBeDefined();
      expect(range(own!['unicode-range']!)).toBe(font.unicodeRange);
    }
  });

  it('the Hebrew font’s range covers every cantillation mark (U+0591-05AF)', () => {
    const hebrew = SITE_FONTS.find((f) => f.family === 'Noto Serif Hebrew')!;
    const covered = (cp: number) =>
      hebrew.unicodeRange.split(',').some((r) => {
        const [from, to = from] = r.replace('U+', '').split('-');
        return cp >= parseInt(from!, 16) && cp <= parseInt(to, 16);
      });
    for (let cp = 0x591; cp <= 0x5af; cp++) expect(covered(cp), cp.toString(16)).toBe(true);
  });

  it('are copied from node_modules into public/ (and left alone when they are there)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fonts-'));
    try {
      expect(ensureSiteFonts(dir)).toEqual(SITE_FONTS.map((f) => f.path));
      for (const font of SITE_FONTS)
        expect(readFileSync(join(dir, font.path))).toEqual(
          readFileSync(fontSource(font.package, font.file)),
        );
      expect(ensureSiteFonts(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
