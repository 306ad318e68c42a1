import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/http';
import {
  countRows,
  createNote,
  createTagging,
  errors,
  GEN_1_1,
  JSON_TYPE,
  XML,
  type Format,
} from '../support/annotations';

/**
 * Keys named like members of Object.prototype, at any depth and in every route that
 * takes a body, answer a clear 400 in the requested format and store nothing. A table of
 * hostile bodies (the "fuzz" of prototype keys): each reserved name at the root, in the resource
 * object, inside a nested object, and inside an array item, in JSON and XML.
 */
const RESERVED = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'isPrototypeOf',
];

/** Bodies with `key` at every depth, for a route whose resource root is `root`. */
function jsonBodies(root: string, key: string): string[] {
  const ref = { start: GEN_1_1.start, end: GEN_1_1.end };
  // JSON.stringify drops a `__proto__` key set by assignment, so the bodies are written as text.
  const k = JSON.stringify(key);
  return [
    `{${k}:{}}`,
    `{${k}:"x"}`,
    `{"${root}":{${k}:{"a":"b"},"title":"t"}}`,
    `{"${root}":{"title":"t",${k}:"x","references":{"reference":[${JSON.stringify(ref)}]}}}`,
    `{"${root}":{"references":{"reference":[{"start":"${ref.start}","end":"${ref.end}",${k}:{}}]}}}`,
    `{"${root}":{"tag":{${k}:"x","name":"n"},"references":[${JSON.stringify(ref)}]}}`,
    `{"${root}":{"notes":{"note":[{${k}:{"x":"y"}}]}}}`,
  ];
}

function xmlBodies(root: string, key: string): string[] {
  const ref = `<reference><start>${GEN_1_1.start}</start><end>${GEN_1_1.end}</end></reference>`;
  return [
    `<${key}/>`,
    `<${key}><a>b</a></${key}>`,
    `<${root}><${key}>x</${key}><title>t</title></${root}>`,
    `<${root}><title>t</title><references>${ref}<${key}/></references></${root}>`,
    `<${root}><references><reference><start>${GEN_1_1.start}</start><end>${GEN_1_1.end}</end><${key}><x>y</x></${key}></reference></references></${root}>`,
    `<${root}><tag><name>n</name><${key}>x</${key}></tag></${root}>`,
  ];
}

describe('reserved keys in bodies', () => {
  // One account per route and format keeps each under the test write limit (51 writes at most:
  // test/support/rate-limits.ts).
  const ROUTES: [string, (ids: { note: number; tagging: number }) => string, string][] = [
    ['POST', () => '/notes', 'note'],
    ['POST', () => '/user/notes', 'note'],
    ['PUT', (ids) => `/notes/${ids.note}`, 'note'],
    ['POST', () => '/user/taggings', 'tagging'],
    ['PUT', (ids) => `/taggings/${ids.tagging}`, 'tagging'],
    ['PUT', () => '/user', 'user'],
    ['POST', () => '/user/import', 'export'],
  ];
  for (const [method, pathOf, root] of ROUTES) {
    it(`${method} ${pathOf({ note: 0, tagging: 0 }).replace('/0', '/{id}')}: 400 in the requested format, never 500, and nothing stored or changed`, async () => {
      const inFormat = async (format: Format) => {
        const { id: userId, token } = await newUser();
        const { note } = await createNote(token, {
          title: 'kept',
          content: 'as it was',
          references: [GEN_1_1],
        });
        const { tagging } = await createTagging(token, { name: 'kept-tag', references: [GEN_1_1] });
        const path = pathOf({ note: note.id, tagging: tagging.id });
        const counts = async () => ({
          notes: await countRows('notes', 'user_id = ?', userId),
          taggings: await countRows('taggings', 'user_id = ?', userId),
          tags: await countRows('tags'),
          refs: await countRows('note_references'),
        });
        const before = await counts();
        const bodies = RESERVED.flatMap((key) =>
          format === 'js' ? jsonBodies(root, key) : xmlBodies(root, key),
        );
        expect(bodies).toHaveLength(RESERVED.length * (format === 'js' ? 7 : 6));
        // All at once: each answer is checked on its own, and none may store anything.
        await Promise.all(
          bodies.map(async (body) => {
            const res = await call(`${path}.${format}`, token, {
              method,
              body,
              headers: format === 'js' ? JSON_TYPE : XML,
            });
            if (res.status !== 400)
              throw new Error(
                `${method} ${path}.${format} ${body}: ${res.status} ${await res.text()}`,
              );
            const [message] = await errors(res, format);
            expect(message).toMatch(/is not allowed/);
          }),
        );
        expect(await counts()).toEqual(before);
        const kept = await call(`/notes/${note.id}.js`, token);
        const { notes } = (await kept.json()) as any;
        expect(notes.note[0]).toMatchObject({ title: 'kept', content: 'as it was' });
      };
      // One after the other: the tags count is global, and the other format's account adds a tag.
      await inFormat('js');
      await inFormat('xml');
    });
  }

  it('still accepts ordinary names that merely contain a reserved word', async () => {
    const { token } = await newUser();
    const res = await call('/notes.js', token, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({
        note: {
          title: 'constructor of toString',
          content: '__proto__',
          references: { reference: [GEN_1_1] },
        },
      }),
    });
    expect(res.status).toBe(201);
  });
});
