import { Hono, type Handler } from 'hono';
import type { AppEnv } from '../env';
import { ROUTES } from '../api/table';

/**
 * The reading site's stylesheet and scripts are static files (public/assets, wrangler.toml
 * `[assets]`): the platform serves `/assets/site.css` itself, with the headers of
 * public/_headers, before the worker runs. A request reaches this route only when the platform
 * did not match a file: under a version prefix (`/v1/assets/site.css`, which the request
 * middleware strips like on every path) or in the tests, whose calls go to the worker's fetch.
 * It answers from the same files through the ASSETS binding, so both give the same bytes and
 * headers.
 */
export const assets = new Hono<AppEnv>();

const ASSET_PREFIX = '/assets';

// The files the route table names (each with its access and media type); any other name under
// /assets is an unknown path like any other.
for (const op of ROUTES) {
  if (op.path.startsWith(`${ASSET_PREFIX}/`))
    assets.get(op.path.slice(ASSET_PREFIX.length), serveFile(op.path));
}

function serveFile(path: string): Handler<AppEnv> {
  return async (c) => {
    const url = new URL(path, c.req.url);
    // The reader's conditional headers go along, so a revalidation is a 304 here as on the platform.
    const file = await c.env.ASSETS.fetch(new Request(url, { headers: c.req.raw.headers }));
    if (file.status === 404) return c.notFound();
    return new Response(file.body, file);
  };
}
