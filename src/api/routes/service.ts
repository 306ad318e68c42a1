import { CHAPTER_ANSWER_BYTES, KV_READS, RESOURCE_ANSWER_BYTES } from '../budgets';
import { SITE_FONTS } from '../fonts';
import { unlimited, SNAPSHOT_CATALOGUE, STATIC_FILE } from './presets';
import { tagged, type Operation } from '../operation';

/** The health check, first in the description. */
export const STATUS_ROUTES = tagged('Service', [
  {
    method: 'get',
    path: '/status',
    bounds: unlimited('snapshot', RESOURCE_ANSWER_BYTES, KV_READS.none),
    summary: 'Health check: the snapshot and API version that answer',
    response: 'StatusDocument',
  },
]);

/** The API description, the home page and the site's files. */
export const SERVICE_ROUTES = tagged('Service', [
  {
    method: 'get',
    path: '/',
    bounds: SNAPSHOT_CATALOGUE,
    summary: 'The reading site: home page (a page only, with a token like every page)',
    formats: ['html'],
  },
  {
    method: 'get',
    path: '/openapi.json',
    bounds: unlimited('file', CHAPTER_ANSWER_BYTES, KV_READS.none),
    summary: 'This description (OpenAPI 3.1)',
    access: 'public',
    media: 'json',
  },
  {
    method: 'get',
    path: '/docs',
    bounds: unlimited('file', CHAPTER_ANSWER_BYTES, KV_READS.none),
    summary: 'This description as a readable page',
    access: 'public',
    media: 'html',
  },
  {
    method: 'get',
    path: '/assets/site.css',
    bounds: STATIC_FILE,
    summary: "The reading site's stylesheet",
    access: 'public',
    media: 'css',
  },
  {
    method: 'get',
    path: '/assets/note-form.js',
    bounds: STATIC_FILE,
    summary: "The verse page's note form script",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/chapter-annotations.js',
    bounds: STATIC_FILE,
    summary: "The reading page's margin script (the reader's notes and tags)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/interlinear.js',
    bounds: STATIC_FILE,
    summary: "The chapter page's interlinear view and word panel script (tagged versions)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/library.js',
    bounds: STATIC_FILE,
    summary:
      "The reading page's reference library script (commentaries, topics and cross-references, folded in the margin)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/report.js',
    bounds: STATIC_FILE,
    summary: "The verse page's script that reports another reader's public note",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/moderation.js',
    bounds: STATIC_FILE,
    summary: "The moderation queue page's script (applies an action through the API)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/footnotes.js',
    bounds: STATIC_FILE,
    summary:
      "The reading pages' translators' notes script (a note beside its mark, on tap or focus)",
    access: 'public',
    media: 'javascript',
  },
  {
    method: 'get',
    path: '/assets/tagger.js',
    bounds: STATIC_FILE,
    summary:
      'The reference tagger for other sites: one script tag links the references of a page to this site and previews their text, with a publishable read key (docs/tagger.md)',
    access: 'public',
    media: 'javascript',
  },
  // The fonts of the Hebrew and Greek text (../fonts.ts).
  ...SITE_FONTS.map((font): Omit<Operation, 'tag'> => ({
    method: 'get',
    path: font.path,
    bounds: STATIC_FILE,
    summary: `The reading site's font for ${font.script} (${font.family})`,
    access: 'public',
    media: 'woff2',
  })),
]);
