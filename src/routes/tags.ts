import { Hono, type Context } from 'hono';
import { tagDoc } from '../annotations/documents';
import { parseId } from '../annotations/personal/input';
import { deleteUserTaggingsOfTag, tagReferences, userTags } from '../annotations/personal/taggings';
import { siteTags } from '../annotations/personal/tag-names';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { emptyResponse, respond } from './respond';
import { db, directory, listDoc, listPage, tagFinder, tagNameParam, unlessStale } from './personal';
import { etagOf } from '../http/conditions';
import { writeConditions } from '../middleware/idempotency';
import type { TagRow } from '../annotations/rows';
import { pageSummary } from '../http/paging';

/**
 * Tags (docs/annotations.md): global names; ownership lives in taggings. Mounted at
 * /tags; the caller's tags at /user/tags.
 */
export const tags = new Hono<AppEnv>();
export const userTagsRoute = new Hono<AppEnv>();

/**
 * GET /tags.xml: the site-wide tag list, no references: names shared by several accounts and the
 * caller's own, most shared first (siteTags; docs/annotations.md "The site-wide tag list").
 */
tags.get('/', async (c) => {
  const page = listPage(c);
  const list = await siteTags(db(c), directory(c), c.get('user').id, page);
  return respond(
    c,
    'tags',
    listDoc('tag', page, list, (t) => tagDoc(t)),
  );
});

/** GET /user/tags.xml: the tags the caller has taggings of, no references, by name. */
userTagsRoute.get('/', async (c) => {
  const page = listPage(c);
  const list = await userTags(db(c), c.get('user').id, page);
  return respond(
    c,
    'tags',
    listDoc('tag', page, list, (t) => tagDoc(t)),
  );
});

/** `/tags/{key}`: all digits → id, anything else → the (form-decoded) name. */
async function tagFromPath(c: Context<AppEnv>) {
  const key = tagNameParam(c);
  const id = /^\d+$/.test(key) ? parseId(key) : undefined;
  if (id === null) throw notFound(`No such tag: ${key.slice(0, 40)}`);
  const tag = await tagFinder(c)(id === undefined ? { name: key } : { id });
  if (!tag) throw notFound(`No such tag: ${key.slice(0, 100)}`);
  return tag;
}

/**
 * GET /tags/{id|name}.xml: one tag with the CALLER's references only, a page of them; `ETag` and
 * `revision` the caller's revision of it (docs/sync.md: it moves with any of the caller's taggings).
 */
async function tagAnswer(c: Context<AppEnv>, tag: TagRow, status: 200 | 412 = 200) {
  const page = listPage(c);
  const references = await tagReferences(db(c), c.get('user').id, tag.id, page);
  return respond(
    c,
    'tags',
    {
      tag: [tagDoc({ ...tag, revision: references.revision }, references.items)],
      summary: pageSummary(page, references.total),
    },
    status,
    { ETag: etagOf(references.revision) },
  );
}

tags.get('/:tag', async (c) => tagAnswer(c, await tagFromPath(c)));

/** The 412 of a delete whose If-Match names a revision the caller's tag no longer has: the tag now. */
export const staleTag = (c: Context<AppEnv>, tag: TagRow) => () => tagAnswer(c, tag, 412);

/**
 * DELETE /tags/{id|name}.xml (docs/annotations.md "DELETE /tags"): removes the caller's
 * taggings of that tag; other users' taggings and the global tag name stay. 404 if no such tag.
 */
tags.delete('/:tag', async (c) => {
  const conditions = writeConditions(c);
  const tag = await tagFromPath(c);
  await unlessStale(
    deleteUserTaggingsOfTag(db(c), c.get('user').id, tag.id, conditions),
    staleTag(c, tag),
  );
  return emptyResponse();
});
