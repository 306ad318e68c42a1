import { Hono, type Context } from 'hono';
import { PAGE_BYTES } from '../http/paging';
import { taggingBytes, taggingDoc } from '../annotations/documents';
import {
  hasReferences,
  referencesField,
  unwrap,
  type Problems,
} from '../annotations/personal/input';
import { resolveTag, tagField } from '../annotations/personal/tag-choice';
import {
  createTagging,
  deleteTagging,
  deleteTaggingsByName,
  getTagging,
  listTaggings,
  updateTagging,
  type TaggingWithReferences,
} from '../annotations/personal/taggings';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { emptyResponse, respond } from './respond';
import { etagOf } from '../http/conditions';
import { writeConditions } from '../middleware/idempotency';
import {
  db,
  directory,
  lazyCatalogue,
  listDoc,
  listPage,
  location,
  pathId,
  tagFinder,
  tagNameParam,
  unlessStale,
} from './personal';
import { staleTag } from './tags';

/** Taggings (docs/contract.md "Account, tags, taggings and notes"): /taggings/{id} and /user/taggings[/{tag_name}]. */
export const taggings = new Hono<AppEnv>();
export const userTaggings = new Hono<AppEnv>();

/**
 * A tagging as a write or a read answers it: the document with the tagging's `ETag` (its revision,
 * docs/sync.md), and for a create (or the identical one found) its `Location`.
 */
export function taggingAnswer(
  c: Context<AppEnv>,
  t: TaggingWithReferences,
  status: 200 | 201 | 412 = 200,
  withLocation = false,
): Response | Promise<Response> {
  const headers: Record<string, string> = { ETag: etagOf(t.tagging.revision) };
  if (withLocation || status === 201) headers.Location = location(c, `/taggings/${t.tagging.id}`);
  return respond(
    c,
    'taggings',
    { tagging: [taggingDoc(t.tagging, t.references)] },
    status,
    headers,
  );
}

/** The 412 of a write whose If-Match names a revision the tagging no longer has: the tagging now. */
const staleTagging = (c: Context<AppEnv>) => (current: TaggingWithReferences) =>
  taggingAnswer(c, current, 412);

/** POST /user/taggings.xml: 201, the tagging, `Location: /taggings/{id}.{suffix}`. */
userTaggings.post('/', async (c) => {
  const body = unwrap(await readBody(c), 'tagging', 'taggings');
  const database = db(c);
  const problems: Problems = [];
  const tag = await tagField(tagFinder(c), body, problems, true);
  // A tagging associates a tag with verses: create needs at least one reference.
  if (!hasReferences(body)) problems.push('references is required');
  const references = hasReferences(body)
    ? await referencesField(body, problems, lazyCatalogue(c))
    : [];
  if (problems.length) throw unprocessable(problems);
  // Creating a tagging identical to one the caller has is a no-op: 200 with that tagging
  // (docs/annotations.md "Identical annotations").
  const now = Date.now();
  const created = await createTagging(
    database,
    c.get('user').id,
    { tag: await resolveTag(database, directory(c), tag!, now), references },
    now,
    writeConditions(c),
  );
  return taggingAnswer(c, created, created.created ? 201 : 200, true);
});

userTaggings.get('/', async (c) => {
  const page = listPage(c);
  const list = await listTaggings(db(c), c.get('user').id, undefined, page, undefined, PAGE_BYTES);
  return respond(
    c,
    'taggings',
    listDoc('tagging', page, list, (t) => taggingDoc(t.tagging, t.references), taggingBytes),
  );
});

/** GET /user/taggings/{tag_name}.xml (form-encoded name): an unknown name is an empty list. */
userTaggings.get('/:tag_name', async (c) => {
  const page = listPage(c);
  const list = await listTaggings(
    db(c),
    c.get('user').id,
    tagNameParam(c),
    page,
    undefined,
    PAGE_BYTES,
  );
  return respond(
    c,
    'taggings',
    listDoc('tagging', page, list, (t) => taggingDoc(t.tagging, t.references), taggingBytes),
  );
});

/**
 * DELETE /user/taggings/{tag_name}.xml: only the caller's taggings of that name; 200 also when
 * the caller had none. A name no tag has (or one the caller may not see) is a 404, so a
 * misencoded name is never a silent no-op.
 */
userTaggings.delete('/:tag_name', async (c) => {
  const name = tagNameParam(c);
  const conditions = writeConditions(c);
  const database = db(c);
  const tag = await tagFinder(c)({ name });
  if (!tag) throw notFound(`No such tag: ${name.slice(0, 100)}`);
  await unlessStale(
    deleteTaggingsByName(database, c.get('user').id, tag, conditions),
    staleTag(c, tag),
  );
  return emptyResponse();
});

taggings.get('/:tagging_id', async (c) => {
  const found = await getTagging(db(c), c.get('user').id, pathId(c, 'tagging_id', 'tagging'));
  if (!found) throw notFound('No such tagging');
  return taggingAnswer(c, found);
});

/**
 * PUT /taggings/{id}.xml: a sent tag changes the tag; sent references replace the old ones. With
 * If-Match, only while the tagging has that revision (else 412 with the tagging as it is).
 */
taggings.put('/:tagging_id', async (c) => {
  const id = pathId(c, 'tagging_id', 'tagging');
  const conditions = writeConditions(c);
  const body = unwrap(await readBody(c), 'tagging', 'taggings');
  const database = db(c);
  const problems: Problems = [];
  const tag = await tagField(tagFinder(c), body, problems, false);
  const references = hasReferences(body)
    ? await referencesField(body, problems, lazyCatalogue(c))
    : undefined;
  if (problems.length) throw unprocessable(problems);
  const now = Date.now();
  const updated = await unlessStale(
    updateTagging(
      database,
      c.get('user').id,
      id,
      { tag: tag && (await resolveTag(database, directory(c), tag, now)), references },
      now,
      conditions,
    ),
    staleTagging(c),
  );
  if (!updated) throw notFound('No such tagging');
  return taggingAnswer(c, updated);
});

/** DELETE /taggings/{id}.xml: 200, empty. With If-Match, only while the tagging has that revision. */
taggings.delete('/:tagging_id', async (c) => {
  const id = pathId(c, 'tagging_id', 'tagging');
  const conditions = writeConditions(c);
  if (!(await unlessStale(deleteTagging(db(c), c.get('user').id, id, conditions), staleTagging(c))))
    throw notFound('No such tagging');
  return emptyResponse();
});
