import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkedText,
  checkReferences,
  LIMITS,
  referencesField,
  textField,
} from '../../../src/annotations/personal/input';
import { tagNamed } from '../../../src/annotations/personal/tag-choice';
import { SnapshotReader } from '../../../src/cache/snapshot-reader';
import { loadCatalogue, type Catalogue } from '../../../src/catalogue/store';

/**
 * What the MCP's note and tag tools give the annotation writers, typed rather than written back
 * as a request body (src/annotations/personal/input.ts, tag-choice.ts): a list of verse ranges, checked by
 * the rules of a body's `references` element, and texts and a tag name checked as a body's
 * fields are, with the same problems.
 */
let cat: Catalogue;
beforeAll(async () => {
  cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
});

describe('a typed reference list', () => {
  it('comes back in the ids’ canonical spelling', () => {
    const problems: string[] = [];
    expect(
      checkReferences(cat, [{ start: 'kjv:john.3.16', end: 'KJV:JOHN.3.18' }], problems),
    ).toEqual([{ start: 'KJV:John.3.16', end: 'KJV:John.3.18' }]);
    expect(problems).toEqual([]);
  });

  it('has the problems a body with the same references has', async () => {
    const refs = [
      { start: 'KJV:John.3.18', end: 'KJV:John.3.16' },
      { start: 'KJV:John.3.16', end: 'KJV:Rom.1.1' },
      { start: 'KJV:John.99.1', end: 'KJV:John.3.16' },
    ];
    const typed: string[] = [];
    const body: string[] = [];
    expect(checkReferences(cat, refs, typed)).toEqual([]);
    await referencesField({ references: refs.map((r) => ({ ...r })) }, body, async () => cat);
    expect(typed).toEqual(body);
    expect(typed).toEqual([
      'reference 1: end KJV:John.3.16 is before start KJV:John.3.18',
      'reference 2: start and end must be in the same version and book',
      'reference 3: start KJV:John.99.1 is not a verse of the snapshot',
    ]);
  });

  it('is refused empty or over the limit', () => {
    const none: string[] = [];
    checkReferences(cat, [], none);
    expect(none).toEqual(['references must contain at least one reference']);
    const many: string[] = [];
    const verse = { start: 'KJV:John.3.16', end: 'KJV:John.3.16' };
    checkReferences(cat, Array(LIMITS.references + 1).fill(verse), many);
    expect(many).toEqual([
      `references holds ${LIMITS.references + 1} references; at most ${LIMITS.references} are allowed`,
    ]);
  });
});

describe('a text or tag name given as an argument', () => {
  const title = { max: LIMITS.title, required: true, name: true };

  it('has the problems of the same body field', () => {
    for (const value of ['', 'x'.repeat(LIMITS.title + 1), 'a\u0000b', 'a\u202Eb', 'Grace']) {
      const typed: string[] = [];
      const body: string[] = [];
      expect(checkedText(value, 'title', typed, title)).toBe(value);
      textField({ title: value }, 'title', body, title);
      expect(typed).toEqual(body);
    }
  });

  it('chooses a tag by a name checked as a body’s tag name is', () => {
    const problems: string[] = [];
    expect(tagNamed('grace', problems)).toEqual({ name: 'grace' });
    expect(tagNamed('', problems)).toBeUndefined();
    expect(tagNamed('a\u202Eb', problems)).toBeUndefined();
    expect(problems).toEqual([
      'tag name must not be empty',
      'tag name contains Unicode direction controls (U+202A–U+202E, U+2066–U+2069), which reorder how it reads',
    ]);
  });
});
