import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { respond } from './respond';

/**
 * GET /status.xml: which snapshot and API version answer. It touches neither KV nor D1 beyond
 * auth, so `npm run bench` uses it as the baseline every other route is measured against.
 */
export const status = new Hono<AppEnv>();

status.get('/', (c) =>
  respond(c, 'statuses', {
    status: [{ id: 'ok', snapshot_id: c.get('snapshot').id, api_version: c.get('apiVersion') }],
  }),
);
