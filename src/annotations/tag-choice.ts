import type { Database } from '../db/client';
import type { BodyObject } from '../http/body';
import { LIMITS, parseId, textField, type Problems } from './input';
import { findTag, type TagChoice } from './taggings';

/**
 * The `tag` element of a tagging body: `name` (a new name creates the global tag) or `id` (must
 * exist and be one the caller may see, src/annotations/taggings.ts visibleTo: another account's
 * private tag is the same 422 as an unknown id). When both are sent they must name the same tag.
 */
export async function tagField(
  database: Database,
  userId: number,
  body: BodyObject,
  problems: Problems,
  required: boolean,
): Promise<TagChoice | undefined> {
  const raw = body.tag;
  if (raw === undefined) {
    if (required) problems.push('tag is required (a tag element with a name or an id)');
    return undefined;
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('tag must contain a name or an id');
    return undefined;
  }
  const before = problems.length;
  const name = textField(raw, 'name', problems, {
    label: 'tag name',
    max: LIMITS.tagName,
    required: raw.name !== undefined,
    name: true,
  });
  const idText = textField(raw, 'id', problems, { label: 'tag id', max: 20 });
  if (problems.length > before) return undefined;
  if (name === undefined && idText === undefined) {
    problems.push('tag must contain a name or an id');
    return undefined;
  }
  if (idText !== undefined) {
    const id = parseId(idText.trim());
    const tag = id === null ? null : await findTag(database, userId, { id });
    if (!tag) {
      problems.push(`tag id ${idText.slice(0, 20)} does not exist`);
      return undefined;
    }
    if (name !== undefined && name !== tag.name) {
      problems.push('tag id and tag name name different tags');
      return undefined;
    }
    return { id: tag.id };
  }
  return { name: name! };
}
