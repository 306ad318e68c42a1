import type { Operation } from '../operation';
import { ACCOUNT_ROUTES } from './account';
import { LIBRARY_ROUTES, RELATED_ROUTES } from './library';
import { MODERATION_ROUTES } from './moderation';
import { NOTE_ROUTES } from './notes';
import { SCRIPTURE_ROUTES, FOOTNOTE_ROUTES } from './scripture';
import { SEARCH_ROUTES } from './search';
import { SERVICE_ROUTES, STATUS_ROUTES } from './service';
import { STUDY_ROUTES } from './study';
import { TAG_ROUTES } from './tags';
import { TAGGING_ROUTES } from './taggings';

/**
 * THE table of route facts: every operation the service answers, with who may call
 * it, its formats, the rate limit it counts against and what the OpenAPI document says of it.
 * Each tag's operations are written in their own file (this folder), in the shape ../operation.ts
 * gives. The request middleware's public paths, the personal guard's paths, CORS's methods and the
 * OpenAPI document (/openapi.json, /docs) are all computed from it (../route-paths.ts and
 * src/openapi/document.ts); test/openapi/document.test.ts checks that the app answers exactly these
 * routes, and test/routes/table.test.ts that each answers as its access says.
 *
 * The order is the description's (its paths, /docs) and the one getOperationOf tries paths in
 * (`/verses/random` before `/verses/{verse_id}`): kept as the one file had it, so that splitting
 * the table by tag changed neither /openapi.json nor the typed client generated from it.
 */
export const ROUTES: Operation[] = [
  ...STATUS_ROUTES,
  ...SCRIPTURE_ROUTES,
  ...STUDY_ROUTES,
  ...LIBRARY_ROUTES,
  ...FOOTNOTE_ROUTES,
  ...RELATED_ROUTES,
  ...SEARCH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...TAG_ROUTES,
  ...TAGGING_ROUTES,
  ...NOTE_ROUTES,
  ...MODERATION_ROUTES,
  ...SERVICE_ROUTES,
];
