import type { Database } from '../db/client';
import type { BodyObject } from '../http/body';
import { checkedText, LIMITS, parseId, textField, type Problems } from './input';
import { findTag, type TagChoice } from './taggings';

const TAG_NAME_LABEL = 'tag name';
/** A tag name is a name shown among others' (no direction controls). */
const TAG_NAME_TEXT = { max: LIMITS.tagName, name: true };

/**
 * A tag chosen by its name given otherwise than in a body (the MCP's tag_verses): checked as a
 * body's tag name is; a new name creates the global tag.
 */
export function tagNamed(name: string, problems: Problems): TagChoice | undefined {
  const before = problems.length;
  const checked = checkedText(name, TAG_NAME_LABEL, problems, { ...TAG_NAME_TEXT, required: true });
  return problems.length > before ? undefined : { name: checked! };
}

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
  const name = checkedText(raw.name, TAG_NAME_LABEL, problems, {
    ...TAG_NAME_TEXT,
    required: raw.name !== undefined,
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
