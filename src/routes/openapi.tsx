import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { openApiJson } from '../openapi/document';
import { ApiDocsPage } from '../pages/api-docs';
import { htmlResponse } from '../http/html';

/**
 * GET /openapi.json and GET /docs: public (src/api/table.ts `access: 'public'`:
 * no token, no suffix rule) and cacheable: they change only with a deploy.
 */
export const openapi = new Hono<AppEnv>();

const DESCRIPTION_CACHE_CONTROL = 'public, max-age=3600';

openapi.get('/openapi.json', (c) =>
  c.body(openApiJson(), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': DESCRIPTION_CACHE_CONTROL,
  }),
);

openapi.get('/docs', () =>
  htmlResponse(<ApiDocsPage />, 200, { 'Cache-Control': DESCRIPTION_CACHE_CONTROL }),
);
