import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { cataloguePages } from './catalogue';
import { libraryPages } from './library';
import { moderationPages } from './moderation';
import { personalPages } from './personal';
import { searchPages } from './search';
import { studyPages } from './study';

/**
 * The reading site: the same URLs as the API without a suffix, one file of handlers per domain.
 * Each handler answers HTML requests only and hands every other format on to the API route of
 * the same path (./page.ts `html`), which app.ts registers after these.
 */
export const pages = new Hono<AppEnv>();
pages.route('/', cataloguePages);
pages.route('/', personalPages);
pages.route('/', studyPages);
pages.route('/', searchPages);
pages.route('/', libraryPages);
pages.route('/', moderationPages);
