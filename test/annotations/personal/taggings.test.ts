import { describe, expect, it } from 'vitest';
import { call, newUser } from '../../support/http';
import {
  countRows,
  createTagging,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  read,
  send,
  withClockAhead,
  taggingJson,
  taggingXml,
  TIMESTAMP,
} from '../../support/annotations';
import { directory } from '../../support/shards';

describe('taggings: create (POST /user/taggings)', () => {
  for (const format of FORMATS) {
    it(`creates a tagging by tag name from a ${format} body: 201, Location, the spec fields`, async () => {
      const { id: userId, token } = await newUser();
      const { res, tagging } = await createTagging(
        token,
        { name: `love-${format}`, references: [JOHN_3_16, GEN_1_1] },
        format,
      );
      expect(res.headers.get('Location')).toBe(`/taggings/${tagging.id}.${format}`);
      expect(String(tagging.user_id)).toBe(String(userId));
      expect(String(tagging.tag_id)).toBe(String(tagging.tag.id));
      expect(tagging.tag.name).toBe(`love-${format}`);
      expect(tagging.created_at).toMatch(TIMESTAMP);
      expect(tagging.updated_at).toMatch(TIMESTAMP);
      const refs = list(tagging.references.reference);
      expect(refs.map((r: any) => [r.start, r.end])).toEqual([
        ['KJV:John.3.16', 'KJV:John.3.17'],
        ['KJV:Gen.1.1', 'KJV:Gen.1.1'],
      ]);
      expect(refs[0].created_at).toMatch(TIMESTAMP);
      if (format === 'xml') {
        expect(tagging['@id']).toBe(String(tagging.id));
        expect(tagging.tag['@id']).toBe(String(tagging.tag.id));
      }
      const shown = await call(`/taggings/${tagging.id}.${format}`, token);
      expect(shown.status).toBe(200);
      expect(list((await read(shown, format)).taggings.tagging)[0].tag.name).toBe(`love-${format}`);
    });
  }

  it('renders the tag name as CDATA, and updated_at before created_at', async () => {
    const { token } = await newUser();
    const res = await send(
      'POST',
      '/user/taggings.xml',
      token,
      taggingXml({ name: 'a & b', references: [GEN_1_1] }),
      'xml',
    );
    const text = await res.text();
    expect(text).toContain('<name><![CDATA[a & b]]></name>');
    expect(text.indexOf('<updated_at>')).toBeLessThan(text.indexOf('<created_at>'));
  });

  it('creates the global tag for a new name once, and reuses it by name and by id', async () => {
    const a = await newUser();
    const b = await newUser();
    const first = await createTagging(a.token, { name: 'hope', references: [GEN_1_1] });
    const second = await createTagging(b.token, { name: 'hope', references: [JOHN_3_16] }, 'js');
    const byId = await createTagging(
      a.token,
      { id: Number(first.tagging.tag.id), references: [JOHN_3_16] },
      'js',
    );
    expect(String(second.tagging.tag_id)).toBe(String(first.tagging.tag_id));
    expect(String(byId.tagging.tag_id)).toBe(String(first.tagging.tag_id));
    expect(byId.tagging.tag.name).toBe('hope');
    // One tag in the directory, with one id in every database whose accounts use it (docs/scale.md).
    expect(await countRows('tags', 'name = ? AND id <> ?', 'hope', first.tagging.tag_id)).toBe(0);
    const named = await directory()
      .prepare('SELECT id FROM tag_names WHERE name = ?')
      .bind('hope')
      .all<{ id: number }>();
    expect(named.results.map((r) => String(r.id))).toEqual([String(first.tagging.tag_id)]);
  });

  it('answers 422 for a missing tag, an unknown tag id, a mismatched id and name, a missing or bad reference', async () => {
    const { id: userId, token } = await newUser();
    const noTag = await send(
      'POST',
      '/user/taggings.xml',
      token,
      taggingXml({ references: [GEN_1_1] }),
      'xml',
    );
    expect(noTag.status).toBe(422);
    expect(await errors(noTag)).toEqual(['tag is required (a tag element with a name or an id)']);

    const emptyTag = await send(
      'POST',
      '/user/taggings.xml',
      token,
      '<tagging><tag/><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></tagging>',
      'xml',
    );
    expect(await errors(emptyTag)).toEqual(['tag must contain a name or an id']);

    const unknown = await send(
      'POST',
      '/user/taggings.js',
      token,
      taggingJson({ id: 987654, references: [GEN_1_1] }),
      'js',
    );
    expect(unknown.status).toBe(422);
    expect(await errors(unknown, 'js')).toEqual(['tag id 987654 does not exist']);

    const { tagging } = await createTagging(token, { name: 'peace', references: [GEN_1_1] });
    const mismatch = await send(
      'POST',
      '/user/taggings.xml',
      token,
      taggingXml({ id: Number(tagging.tag.id), name: 'other', references: [GEN_1_1] }),
      'xml',
    );
    expect(await errors(mismatch)).toEqual(['tag id and tag name name different tags']);

    // Everything at once: each problem is its own error element.
    const all = await send(
      'POST',
      '/user/taggings.xml',
      token,
      '<tagging><tag><name></name></tag><references><reference><start>KJV:Gen.1.2</start><end>KJV:Gen.1.1</end></reference></references></tagging>',
      'xml',
    );
    expect(all.status).toBe(422);
    expect(await errors(all)).toEqual([
      'tag name must not be empty',
      'reference 1: end KJV:Gen.1.1 is before start KJV:Gen.1.2',
    ]);

    const noRefs = await send(
      'POST',
      '/user/taggings.xml',
      token,
      taggingXml({ name: 'x' }),
      'xml',
    );
    expect(await errors(noRefs)).toEqual(['references is required']);
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(1);
    expect(await countRows('tags', 'name = ?', 'x')).toBe(0);
  });

  it('refuses tag names over 100 characters and accepts 100', async () => {
    const { token } = await newUser();
    const long = await send(
      'POST',
      '/user/taggings.js',
      token,
      taggingJson({ name: 'n'.repeat(101), references: [GEN_1_1] }),
      'js',
    );
    expect(long.status).toBe(422);
    expect(await errors(long, 'js')).toEqual(['tag name is longer than 100 characters']);
    const ok = await createTagging(token, { name: '👍'.repeat(100), references: [GEN_1_1] }, 'js');
    expect(ok.tagging.tag.name).toBe('👍'.repeat(100));
  });

  it('round-trips awkward tag names in both formats', async () => {
    const { token } = await newUser();
    for (const name of [`<b>&amp;"'`, 'x]]>y', 'שלום 👍🏽', 'سلام']) {
      for (const format of FORMATS) {
        // Other references per format: the same tag on the same verses would be the same tagging.
        const { tagging } = await createTagging(
          token,
          { name, references: [format === 'xml' ? GEN_1_1 : JOHN_3_16] },
          format,
        );
        expect(tagging.tag.name).toBe(name);
      }
    }
  });

  it('stores 50 parallel creates of one new tag name on different verses: distinct taggings, one tag', async () => {
    const { id: userId, token } = await newUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const verse = `KJV:Ps.119.${i + 1}`;
        return send(
          'POST',
          '/user/taggings.js',
          token,
          taggingJson({ name: 'rush', references: [{ start: verse, end: verse }] }),
          'js',
        );
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = await Promise.all(
      results.map(async (r) => ((await r.json()) as any).taggings.tagging[0].id),
    );
    expect(new Set(ids).size).toBe(50);
    expect(await countRows('tags', 'name = ?', 'rush')).toBe(1);
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(50);
    expect(
      await countRows(
        'tagging_references r JOIN taggings t ON t.id = r.tagging_id',
        't.user_id = ?',
        userId,
      ),
    ).toBe(50);
  });

  it('stores identical taggings created at the same moment once: one 201, the rest 200 with the same tagging', async () => {
    const { id: userId, token } = await newUser();
    for (let round = 0; round < 5; round++) {
      const name = `same-${round}`;
      // The same set of references in another order and with a repeat is the same tagging.
      const sent = [
        { refs: [GEN_1_1, JOHN_3_16], xml: false },
        { refs: [JOHN_3_16, GEN_1_1, GEN_1_1], xml: false },
        { refs: [GEN_1_1, JOHN_3_16], xml: true },
        { refs: [GEN_1_1, JOHN_3_16], xml: false },
        { refs: [JOHN_3_16, GEN_1_1], xml: true },
        { refs: [GEN_1_1, JOHN_3_16], xml: false },
      ];
      const results = await Promise.all(
        sent.map(({ refs, xml }) =>
          xml
            ? send(
                'POST',
                '/user/taggings.js',
                token,
                taggingXml({ name, references: refs }),
                'xml',
              )
            : send(
                'POST',
                '/user/taggings.js',
                token,
                taggingJson({ name, references: refs }),
                'js',
              ),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      const docs = (await Promise.all(results.map((r) => r.json()))) as any[];
      const ids = docs.map((d) => d.taggings.tagging[0].id);
      expect(new Set(ids).size).toBe(1);
      expect(
        await countRows(
          'taggings t JOIN tags g ON g.id = t.tag_id',
          't.user_id = ? AND g.name = ?',
          userId,
          name,
        ),
      ).toBe(1);
      // Stored as the winning request sent them (a create keeps a repeated verse), and every
      // answer shows that one tagging's references: the same set of two verses.
      const winner = sent[results.findIndex((r) => r.status === 201)];
      expect(await countRows('tagging_references', 'tagging_id = ?', ids[0])).toBe(
        winner.refs.length,
      );
      expect(
        await countRows(
          '(SELECT DISTINCT start_verse, end_verse FROM tagging_references WHERE tagging_id = ?)',
          '1=1',
          ids[0],
        ),
      ).toBe(2);
      for (const d of docs)
        expect(d.taggings.tagging[0].references.reference).toHaveLength(winner.refs.length);
    }
    // Sequentially too: the answer names the tagging already there.
    const again = await send(
      'POST',
      '/user/taggings.xml',
      token,
      taggingXml({ name: 'same-0', references: [GEN_1_1, JOHN_3_16] }),
      'xml',
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('Location')).toMatch(/^\/taggings\/\d+\.xml$/);
  });
});

describe('taggings: read', () => {
  for (const format of FORMATS) {
    it(`lists the caller's taggings, all or by (URL-encoded) tag name (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      await createTagging(a.token, { name: 'grace', references: [GEN_1_1] });
      await createTagging(a.token, { name: 'holy spirit/שלום', references: [JOHN_3_16] });
      await createTagging(a.token, { name: 'grace', references: [JOHN_3_16] });
      await createTagging(b.token, { name: 'grace', references: [GEN_1_1] });

      const all = list(
        (await read(await call(`/user/taggings.${format}`, a.token), format)).taggings.tagging,
      );
      expect(all.map((t: any) => t.tag.name)).toEqual(['grace', 'holy spirit/שלום', 'grace']);
      expect(all.every((t: any) => String(t.user_id) === String(a.id))).toBe(true);

      const grace = list(
        (await read(await call(`/user/taggings/grace.${format}`, a.token), format)).taggings
          .tagging,
      );
      expect(grace).toHaveLength(2);
      expect(grace.map((t: any) => list(t.references.reference)[0].start)).toEqual([
        'KJV:Gen.1.1',
        'KJV:John.3.16',
      ]);

      const encoded = await call(
        `/user/taggings/${encodeURIComponent('holy spirit/שלום')}.${format}`,
        a.token,
      );
      expect(encoded.status).toBe(200);
      expect(
        list((await read(encoded, format)).taggings.tagging).map((t: any) => t.tag.name),
      ).toEqual(['holy spirit/שלום']);

      const none = await call(`/user/taggings/nothing-here.${format}`, a.token);
      expect(none.status).toBe(200);
      expect(list((await read(none, format)).taggings.tagging)).toEqual([]);
    });
  }

  it('answers 404 for malformed and unknown tagging ids', async () => {
    const { token } = await newUser();
    for (const id of ['abc', '99999999999999999999', '0', '424242']) {
      expect((await call(`/taggings/${id}.xml`, token)).status).toBe(404);
      expect((await call(`/taggings/${id}.js`, token, { method: 'DELETE' })).status).toBe(404);
      expect(
        (await send('PUT', `/taggings/${id}.xml`, token, taggingXml({ name: 'x' }), 'xml')).status,
      ).toBe(404);
    }
  });
});

describe('taggings: update and delete', () => {
  for (const format of FORMATS) {
    it(`PUT changes the tag (a new name creates it) and replaces references; created_at stays (${format})`, async () => {
      const { token } = await newUser();
      const { tagging } = await createTagging(
        token,
        { name: 'before', references: [GEN_1_1, JOHN_3_16] },
        format,
      );
      const body =
        format === 'xml'
          ? taggingXml({
              name: `after-${format}`,
              references: [{ start: 'KJV:John.3.18', end: 'KJV:John.3.18' }],
            })
          : taggingJson({
              name: `after-${format}`,
              references: [{ start: 'KJV:John.3.18', end: 'KJV:John.3.18' }],
            });
      const res = await withClockAhead(2_000, () =>
        send('PUT', `/taggings/${tagging.id}.${format}`, token, body, format),
      );
      expect(res.status).toBe(200);
      const updated = list((await read(res, format)).taggings.tagging)[0];
      expect(updated.tag.name).toBe(`after-${format}`);
      expect(String(updated.tag_id)).not.toBe(String(tagging.tag_id));
      expect(list(updated.references.reference).map((r: any) => r.start)).toEqual([
        'KJV:John.3.18',
      ]);
      expect(updated.created_at).toBe(tagging.created_at);
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(tagging.updated_at));
      expect(await countRows('tagging_references', 'tagging_id = ?', Number(tagging.id))).toBe(1);
    });
  }

  it('PUT without tag or references keeps both and only moves updated_at; PUT by tag id switches tag', async () => {
    const { token } = await newUser();
    const { tagging } = await createTagging(token, { name: 'stay', references: [GEN_1_1] }, 'js');
    const other = await createTagging(token, { name: 'other', references: [GEN_1_1] }, 'js');
    const same = await send('PUT', `/taggings/${tagging.id}.js`, token, '{"tagging":{}}', 'js');
    expect(same.status).toBe(200);
    const kept = ((await same.json()) as any).taggings.tagging[0];
    expect(kept.tag.name).toBe('stay');
    expect(kept.references.reference).toHaveLength(1);
    const switched = await send(
      'PUT',
      `/taggings/${tagging.id}.js`,
      token,
      taggingJson({ id: other.tagging.tag.id }),
      'js',
    );
    expect(((await switched.json()) as any).taggings.tagging[0].tag.name).toBe('other');
    const unknown = await send(
      'PUT',
      `/taggings/${tagging.id}.js`,
      token,
      taggingJson({ id: 99999 }),
      'js',
    );
    expect(unknown.status).toBe(422);
  });

  for (const format of FORMATS) {
    it(`DELETE /taggings/{id} removes the tagging and its references: 200, empty body (${format})`, async () => {
      const { token } = await newUser();
      const { tagging } = await createTagging(
        token,
        { name: 'del', references: [GEN_1_1, JOHN_3_16] },
        format,
      );
      const res = await call(`/taggings/${tagging.id}.${format}`, token, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect((await call(`/taggings/${tagging.id}.${format}`, token)).status).toBe(404);
      expect(await countRows('tagging_references', 'tagging_id = ?', Number(tagging.id))).toBe(0);
    });

    it(`DELETE /user/taggings/{tag_name} removes only the caller's taggings of that name (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      await createTagging(a.token, { name: 'shared name', references: [GEN_1_1] });
      await createTagging(a.token, { name: 'shared name', references: [JOHN_3_16] });
      await createTagging(a.token, { name: 'keep', references: [GEN_1_1] });
      await createTagging(b.token, { name: 'shared name', references: [GEN_1_1] });
      const res = await call(
        `/user/taggings/${encodeURIComponent('shared name')}.${format}`,
        a.token,
        { method: 'DELETE' },
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(
        list(
          (await read(await call(`/user/taggings.${format}`, a.token), format)).taggings.tagging,
        ).map((t: any) => t.tag.name),
      ).toEqual(['keep']);
      expect(
        list(
          (await read(await call(`/user/taggings.${format}`, b.token), format)).taggings.tagging,
        ),
      ).toHaveLength(1);
    });
  }
});

describe('tag names in paths are form-encoded, as the official client sends them', () => {
  // Names are global: unique per run so that other files' tags never interfere.
  const stamp = Date.now();
  const spaced = `good news ${stamp}`;
  const plussed = `c++ ${stamp}`;
  const form = (name: string) => encodeURIComponent(name).replace(/%20/g, '+'); // PHP urlencode

  it('reads a name with `+` for a space, `%20` for a space and `%2B` for a plus sign', async () => {
    const { token } = await newUser();
    await createTagging(token, { name: spaced, references: [GEN_1_1] });
    await createTagging(token, { name: plussed, references: [JOHN_3_16] });
    for (const path of [form(spaced), encodeURIComponent(spaced)]) {
      const body = await read(await call(`/user/taggings/${path}.xml`, token), 'xml');
      expect(list(body.taggings.tagging).map((t: any) => t.tag.name)).toEqual([spaced]);
      const tag = await read(await call(`/tags/${path}.js`, token), 'js');
      expect(tag.tags.tag[0].name).toBe(spaced);
    }
    expect(form(plussed)).toContain('%2B');
    const plus = await read(await call(`/user/taggings/${form(plussed)}.js`, token), 'js');
    expect(plus.taggings.tagging.map((t: any) => t.tag.name)).toEqual([plussed]);
  });

  it('DELETE /user/taggings/{name} with `+` deletes the taggings of the spaced name; an unknown name is a 404', async () => {
    const { token } = await newUser();
    await createTagging(token, { name: spaced, references: [GEN_1_1] });
    const res = await call(`/user/taggings/${form(spaced)}.xml`, token, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(
      list(
        (await read(await call(`/user/taggings/${form(spaced)}.xml`, token), 'xml')).taggings
          .tagging,
      ),
    ).toEqual([]);
    const unknown = await call(`/user/taggings/no+such+tag+${stamp}.js`, token, {
      method: 'DELETE',
    });
    expect(unknown.status).toBe(404);
    expect((await errors(unknown, 'js'))[0]).toMatch(/No such tag: no such tag/);
    expect((await call('/user/taggings/%E0%A4%A.xml', token, { method: 'DELETE' })).status).toBe(
      404,
    );
  });
});
