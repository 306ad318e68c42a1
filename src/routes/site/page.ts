import type { Context, MiddlewareHandler } from 'hono';
import type { Child } from 'hono/jsx';
import { versionById, type Catalogue } from '../../catalogue/store';
import type { AppEnv } from '../../env';
import { htmlResponse } from '../../http/html';
import { inLanguage } from '../../pages/in-language';

/**
 * What every page handler of the reading site shares (src/routes/site/): the same URLs as the API
 * without a suffix. The request middleware decides the format (no suffix: `html`); each handler
 * answers only HTML requests and hands every other request on (`next()`) to the XML/JSON route of
 * the same path, which app.ts registers after these.
 */

type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/** Runs `handler` for HTML requests; any other format goes on to the API route. */
export function html(handler: PageHandler): MiddlewareHandler<AppEnv> {
  return async function page(c, next) {
    if (c.get('format') !== 'html') return next();
    return handler(c);
  };
}

/**
 * Records the language of the page a handler is answering, as soon as the handler knows it (the
 * version in the address), so that an error page for that address speaks it too (app.ts onError).
 */
function speak(c: Context<AppEnv>, lang: string | undefined): void {
  if (lang) c.set('pageLang', lang);
}

/** An HTML response of `node` in the language the handler recorded (src/pages/messages). */
export function page(
  c: Context<AppEnv>,
  node: Child,
  status?: number,
  headers?: Record<string, string>,
) {
  return htmlResponse(inLanguage(c.get('pageLang'), node), status, headers);
}

/** The page speaks the language of the version its id names (`RV1909:John.3`), before any lookup can fail. */
export function speakForId(c: Context<AppEnv>, cat: Catalogue, id: string): void {
  speak(c, versionById(cat, id.split(':')[0])?.lang);
}

/**
 * A search or passages page speaks a language when everything it searches is in it: the versions
 * named (`version=RV1909`), or else the one `language` asked for (`language=spa`).
 */
export function speakForVersions(
  c: Context<AppEnv>,
  cat: Catalogue,
  versions: string | undefined,
  language: string | undefined,
): void {
  const named = (versions ?? '').split(',').map((v) => versionById(cat, v.trim())?.lang);
  const langs = new Set(named.filter((l) => l !== undefined));
  if (langs.size === 1 && !named.includes(undefined)) return speak(c, [...langs][0]);
  const asked = (language ?? '').split(',').filter((l) => l.trim());
  if (!versions && asked.length === 1) speak(c, asked[0].trim().toLowerCase());
}

/** Personal links and pages exist in API version 1 only (docs/contract.md "Versioning" 5). */
export const personal = (c: Context<AppEnv>) => c.get('apiVersion') === 1;
