import type { Database } from '../../db/client';
import type { BodyObject } from '../../http/body';
import { checkedText, LIMITS, parseId, textField, type Problems } from './input';
import type { ResolvedTag, TagChoice } from './identity';
import type { TagRow } from '../rows';
import { tagIdsOfNames } from './tag-names';

/** A tag the caller may see, by id or name (src/annotations/personal/tag-names.ts findTag, bound to the caller). */
export type FindTag = (key: { id: number } | { name: string }) => Promise<TagRow | null>;

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
 * exist and be one the caller may see, src/annotations/personal/taggings.ts visibleTo: another account's
 * private tag is the same 422 as an unknown id). When both are sent they must name the same tag.
 */
export async function tagField(
  findTag: FindTag,
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
    const tag = id === null ? null : await findTag({ id });
    if (!tag) {
      problems.push(`tag id ${idText.slice(0, 20)} does not exist`);
      return undefined;
    }
    if (name !== undefined && name !== tag.name) {
      problems.push('tag id and tag name name different tags');
      return undefined;
    }
    return tag;
  }
  return { name: name! };
}

/**
 * The tag a write stores: a tag found by id as it is; a name with the id every database gives it
 * (the caller's database's when it has the name, else the directory's: tagIdsOfNames).
 */
export async function resolveTag(
  db: Database,
  directory: Database,
  choice: TagChoice,
  now = Date.now(),
): Promise<ResolvedTag> {
  if ('id' in choice && 'name' in choice) return choice;
  if ('id' in choice) throw new Error('A tag chosen by id is resolved by tagField');
  const ids = await tagIdsOfNames(db, directory, [choice.name], now);
  return { id: ids.get(choice.name)!, name: choice.name };
}
