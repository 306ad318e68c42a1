import { PAGE_BYTES, TEXT_LIST_PAGE } from '../../http/paging';
import { withThousands } from '../../render/thousands';
import { MAX_TOMBSTONES, TOMBSTONE_DAYS } from '../limits';
import {
  EXPORT_ANSWER_BYTES,
  IMPORT_BODY_BYTES,
  KV_READS,
  NO_BODY,
  PAGE_ANSWER_BYTES,
  RESOURCE_ANSWER_BYTES,
  WRITE_BODY_BYTES,
} from '../budgets';
import { q } from './params';
import { unlimited, limited, write } from './presets';
import { tagged } from '../operation';

/** The Account operations, in the order the description lists them. */
export const ACCOUNT_ROUTES = tagged('Account', [
  {
    method: 'get',
    path: '/user',
    bounds: unlimited('own', RESOURCE_ANSWER_BYTES, KV_READS.none),
    summary: "The caller's account",
    response: 'UsersDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/user',
    bounds: write(WRITE_BODY_BYTES, KV_READS.none, { email: 'when it sends an email' }),
    summary: 'Update the account (a new password rotates the token)',
    body: 'UserBody',
    response: 'UsersDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/export',
    bounds: limited('transfer', EXPORT_ANSWER_BYTES, NO_BODY, KV_READS.none),
    summary: "Export the caller's tags, taggings and notes as one document",
    response: 'ExportDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/changes',
    bounds: limited('sync', PAGE_ANSWER_BYTES, NO_BODY, KV_READS.none),
    summary: `The caller's notes, taggings and tags created, edited or deleted since a cursor, in commit order, each with its revision and the item as it is now (a deletion as a tombstone), a cursor for the next request and whether more remain. Without since, every item the caller has and the deletions kept; a cursor older than the deletions kept (${TOMBSTONE_DAYS} days, at most ${withThousands(MAX_TOMBSTONES)}) is a 410: sync again from the start`,
    params: [
      q('since', 'The `cursor` of the previous page, unchanged; omit it for a first sync'),
      q(
        'limit',
        `Changes per page, default ${TEXT_LIST_PAGE.fallback}, at most ${TEXT_LIST_PAGE.max} (fewer when they would pass ${PAGE_BYTES / 1024} KiB)`,
        { type: 'integer', minimum: 1 },
      ),
    ],
    response: 'ChangesDocument',
    errors: [410],
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/import',
    bounds: write(IMPORT_BODY_BYTES, KV_READS.catalogue, {
      transfer:
        'once before its body is read, then once for each further started 256 KiB of it (at most 6 in all)',
    }),
    summary:
      'Import an export document (any account, either format): validated whole, written atomically, items already there by content skipped (also when identical imports arrive at once); the export of any account within its quotas is accepted again. The costliest request there is, set apart from the 30 ms of CPU of every other: its CPU grows with what it holds (an account at every quota, 1.3 MB, 1.1–1.5 s), so it counts against the transfer limit by its size',
    body: 'ImportBody',
    response: 'ImportDocument',
    access: 'personal',
    idempotent: true,
  },
]);
