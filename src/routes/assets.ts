import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { CHAPTER_ANNOTATIONS_JS } from '../pages/assets/chapter-annotations-js';
import { NOTE_FORM_JS } from '../pages/assets/note-form-js';
import { SITE_CSS } from '../pages/assets/site-css';

/**
 * The reading site's stylesheet and script (public: src/routes/table.ts `access`).
 * They change only with a deploy, so browsers may keep them for a day and revalidate after.
 */
export const assets = new Hono<AppEnv>();

const ASSET_CACHE_CONTROL = 'public, max-age=86400';

assets.get('/site.css', (c) =>
  c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': ASSET_CACHE_CONTROL }),
);
assets.get('/chapter-annotations.js', (c) =>
  c.body(CHAPTER_ANNOTATIONS_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': ASSET_CACHE_CONTROL }),
);
assets.get('/note-form.js', (c) =>
  c.body(NOTE_FORM_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': ASSET_CACHE_CONTROL }),
);
