import { Hono } from 'hono';
import { taggingBytes, taggingDoc } from '../annotations/documents';
import { hasReferences, referencesField, unwrap, type Problems } from '../annotations/input';
import { tagField } from '../annotations/tag-choice';
import {
  createTagging,
  deleteTagging,
  deleteTaggingsByName,
  findTag,
  getTagging,
  listTaggings,
  updateTagging,
} from '../annotations/taggings';
import type { AppEnv } from '../env';
import { readBody } from '../http/body';
import { notFound, unprocessable } from '../http/errors';
import { emptyResponse, respond } from './respond';
import { db, lazyCatalogue, listDoc, listPage, location, pathId, tagNameParam } from './personal';

/** Taggings (docs/contract.md "Account, tags, taggings and notes"): /taggings/{id} and /user/taggings[/{tag_name}]. */
export const taggings = new Hono<AppEnv>();
export const userTaggings = new Hono<AppEnv>();

/** POST /user/taggings.xml: 201, the tagging, `Location: /taggings/{id}.{suffix}`. */
userTaggings.post('/', async (c) => {
  const body = unwrap(await readBody(c), 'tagging', 'taggings');
  const database = db(c);
  const problems: Problems = [];
  const tag = await tagField(database, c.get('user').id, body, problems, true);
  // A tagging associates a tag with verses: create needs at least one reference.
  if (!hasReferences(body)) problems.push('references is required');
  const references = hasReferences(body)
    ? await referencesField(body, problems, lazyCatalogue(c))
    : [];
  if (problems.length) throw unprocessable(problems);
  // Creating a tagging identical to one the caller has is a no-op: 200 with that tagging
  // (docs/annotations.md "Identical annotations").
  const created = await createTagging(database, c.get('user').id, { tag: tag!, references });
  return respond(
    c,
    'taggings',
    { tagging: [taggingDoc(created.tagging, created.references)] },
    created.created ? 201 : 200,
    {
      Location: location(c, `/taggings/${created.tagging.id}`),
    },
  );
});

userTaggings.get('/', async (c) => {
  const page = listPage(c);
  const list = await listTaggings(db(c), c.get('user').id, undefined, page);
  return respond(
    c,
    'taggings',
    listDoc('tagging', page, list, (t) => taggingDoc(t.tagging, t.references), taggingBytes),
  );
});

/** GET /user/taggings/{tag_name}.xml (form-encoded name): an unknown name is an empty list. */
userTaggings.get('/:tag_name', async (c) => {
  const page = listPage(c);
  const list = await listTaggings(db(c), c.get('user').id, tagNameParam(c), page);
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
  const database = db(c);
  if (!(await findTag(database, c.get('user').id, { name })))
    throw notFound(`No such tag: ${name.slice(0, 100)}`);
  await deleteTaggingsByName(database, c.get('user').id, name);
  return emptyResponse();
});

taggings.get('/:tagging_id', async (c) => {
  const found = await getTagging(db(c), c.get('user').id, pathId(c, 'tagging_id', 'tagging'));
  if (!found) throw notFound('No such tagging');
  return respond(c, 'taggings', { tagging: [taggingDoc(found.tagging, found.references)] });
});

/** PUT /taggings/{id}.xml: a sent tag changes the tag; sent references replace the old ones. */
taggings.put('/:tagging_id', async (c) => {
  const id = pathId(c, 'tagging_id', 'tagging');
  const body = unwrap(await readBody(c), 'tagging', 'taggings');
  const database = db(c);
  const problems: Problems = [];
  const tag = await tagField(database, c.get('user').id, body, problems, false);
  const references = hasReferences(body)
    ? await referencesField(body, problems, lazyCatalogue(c))
    : undefined;
  if (problems.length) throw unprocessable(problems);
  const updated = await updateTagging(database, c.get('user').id, id, { tag, references });
  if (!updated) throw notFound('No such tagging');
  return respond(c, 'taggings', { tagging: [taggingDoc(updated.tagging, updated.references)] });
});

taggings.delete('/:tagging_id', async (c) => {
  if (!(await deleteTagging(db(c), c.get('user').id, pathId(c, 'tagging_id', 'tagging'))))
    throw notFound('No such tagging');
  return emptyResponse();
});
