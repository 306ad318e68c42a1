import { TAG_LIST_MIN_ACCOUNTS } from '../limits';
import { TAG_ID, PAGE_PARAMS } from './params';
import { DELETION, OWN_PAGE, PUBLISHED_PAGE } from './presets';
import { tagged } from '../operation';

/** The Tags operations, in the order the description lists them. */
export const TAG_ROUTES = tagged('Tags', [
  {
    method: 'get',
    path: '/tags',
    bounds: PUBLISHED_PAGE,
    summary: `The site-wide tag list: names in use by at least ${TAG_LIST_MIN_ACCOUNTS} accounts and the caller's own, most shared first, then by name (paged)`,
    params: PAGE_PARAMS,
    response: 'TagListDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/user/tags',
    bounds: OWN_PAGE,
    summary: "The caller's tags, by name (paged)",
    params: PAGE_PARAMS,
    response: 'TagListDocument',
    access: 'personal',
  },
  {
    method: 'get',
    path: '/tags/{tag}',
    bounds: PUBLISHED_PAGE,
    summary:
      "A tag (by id or name) with the caller's references (paged by reference); a name another account alone uses is a 404, as an unknown tag",
    params: [TAG_ID, ...PAGE_PARAMS],
    response: 'TagListDocument',
    access: 'personal',
  },
  {
    method: 'delete',
    path: '/tags/{tag}',
    bounds: DELETION,
    summary: "Remove the caller's taggings of a tag",
    params: [TAG_ID],
    access: 'personal',
    idempotent: true,
    conditional: 'TagListDocument',
  },
]);
