/**
 * The reading site's fonts: Hebrew with its points and all 31 cantillation marks (U+0591–05AF),
 * and Greek, polytonic included (Greek Extended, U+1F00–1FFF, for the lexicons' headwords). No
 * font that a reader's system is sure to have carries the cantillation marks: without one of
 * ours, Chromium drew an empty box for every accented letter of the Hebrew Bible.
 *
 * Each is one subset of one weight (400), woff2, from an npm package of Fontsource under the SIL
 * Open Font License 1.1. The files are not committed: scripts/lib/fonts.ts copies them from
 * node_modules into public/assets/fonts/ (git-ignored) wherever the site is served from public/
 * (`npm run dev`, `npm test`, `npm run deploy`). public/assets/site.css declares each with its
 * `unicode-range`, so a browser fetches one only for a page whose text uses it
 * (test/node/fonts.test.ts checks the stylesheet against this list and the packages' own CSS).
 * The route table (./table.ts) serves each path.
 */
export interface SiteFont {
  /** Where the site serves it. */
  path: string;
  /** Its CSS family (the package's own). */
  family: string;
  /** The npm package (a devDependency) and the file in it. */
  package: string;
  file: string;
  /** The Unicode ranges it covers, as the package's CSS declares them. */
  unicodeRange: string;
  /** What it is for, in the route table's summary. */
  script: string;
}

export const FONTS_DIR = '/assets/fonts';

/** The licence of every font the site ships (SPDX). */
export const FONT_LICENCE = 'OFL-1.1';

export const SITE_FONTS: readonly SiteFont[] = [
  {
    path: `${FONTS_DIR}/noto-serif-hebrew-hebrew-400-normal.woff2`,
    family: 'Noto Serif Hebrew',
    package: '@fontsource/noto-serif-hebrew',
    file: 'files/noto-serif-hebrew-hebrew-400-normal.woff2',
    unicodeRange: 'U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F',
    script: 'Hebrew, with points and cantillation marks',
  },
  {
    path: `${FONTS_DIR}/gentium-plus-greek-400-normal.woff2`,
    family: 'Gentium Plus',
    package: '@fontsource/gentium-plus',
    file: 'files/gentium-plus-greek-400-normal.woff2',
    unicodeRange: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
    script: 'Greek',
  },
  {
    path: `${FONTS_DIR}/gentium-plus-greek-ext-400-normal.woff2`,
    family: 'Gentium Plus',
    package: '@fontsource/gentium-plus',
    file: 'files/gentium-plus-greek-ext-400-normal.woff2',
    unicodeRange: 'U+1F00-1FFF',
    script: 'Greek Extended: accents and breathings',
  },
];
