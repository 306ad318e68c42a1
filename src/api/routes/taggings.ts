import { KV_READS, RESOURCE_ANSWER_BYTES, WRITE_BODY_BYTES } from '../budgets';
import { p, TAGGING_ID, TAGGING_PAGE_PARAMS } from './params';
import { unlimited, write, DELETION, OWN_PAGE } from './presets';
import { tagged } from '../operation';

const TAG_NAME = p(
  'tag_name',
  'Tag name, form-encoded as the official client sends it: `+` or `%20` is a space, `%2B` a plus sign',
  'good+news',
);

/** The Taggings operations, in the order the description lists them. */
export const TAGGING_ROUTES = tagged('Taggings', [
  {
    method: 'get',
    path: '/user/taggings',
    bounds: OWN_PAGE,
    summary: "The caller's taggings (paged)",
    params: TAGGING_PAGE_PARAMS,
    response: 'TaggingListDocument',
    access: 'personal',
  },
  {
    method: 'post',
    path: '/user/taggings',
    bounds: write(WRITE_BODY_BYTES, KV_READS.catalogue),
    summary:
      'Create a tagging (201); a tagging identical to one the caller has (same tag, same set of references) is not stored again: 200 with that tagging',
    body: 'TaggingBody',
    response: 'TaggingsDocument',
    status: 201,
    access: 'personal',
    idempotent: true,
  },
  {
    method: 'get',
    path: '/user/taggings/{tag_name}',
    bounds: OWN_PAGE,
    summary: "The caller's taggings of a tag name (paged)",
    params: [TAG_NAME, ...TAGGING_PAGE_PARAMS],
    response: 'TaggingListDocument',
    access: 'personal',
  },
  {
    method: 'delete',
    path: '/user/taggings/{tag_name}',
    bounds: DELETION,
    summary: "Delete the caller's taggings of a tag name",
    params: [TAG_NAME],
    access: 'personal',
    idempotent: true,
    conditional: 'TagListDocument',
  },
  {
    method: 'get',
    path: '/taggings/{tagging_id}',
    bounds: unlimited('own', RESOURCE_ANSWER_BYTES, KV_READS.catalogue),
    summary: 'Show a tagging',
    params: [TAGGING_ID],
    response: 'TaggingsDocument',
    access: 'personal',
  },
  {
    method: 'put',
    path: '/taggings/{tagging_id}',
    bounds: write(WRITE_BODY_BYTES, KV_READS.catalogue),
    summary: 'Update a tagging',
    params: [TAGGING_ID],
    body: 'TaggingBody',
    response: 'TaggingsDocument',
    access: 'personal',
    idempotent: true,
    conditional: 'TaggingsDocument',
  },
  {
    method: 'delete',
    path: '/taggings/{tagging_id}',
    bounds: DELETION,
    summary: 'Delete a tagging',
    params: [TAGGING_ID],
    access: 'personal',
    idempotent: true,
    conditional: 'TaggingsDocument',
  },
]);
