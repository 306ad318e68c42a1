import { describe, expect, it } from 'vitest';
import {
  createNote as createNoteRow,
  updateNote as updateNoteRow,
} from '../../../src/annotations/personal/notes';
import { database } from '../../../src/db/client';
import { call, HAS_WEB, newUser, parseXml } from '../../support/http';
import {
  countRows,
  createNote,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  JSON_TYPE,
  list,
  noteJson,
  noteXml,
  parseXmlExact,
  read,
  send,
  withClockAhead,
  TIMESTAMP,
  XML,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

describe('notes: create (POST /notes and /user/notes)', () => {
  for (const format of FORMATS) {
    it(`creates a note from a ${format} body: 201, Location with the request suffix, the spec fields`, async () => {
      const { id: userId, token } = await newUser();
      const { res, note } = await createNote(
        token,
        { title: 'Love', content: 'For God so loved', references: [JOHN_3_16] },
        format,
      );
      expect(res.headers.get('Location')).toBe(`/notes/${note.id}.${format}`);
      expect(res.headers.get('Content-Type')).toMatch(
        format === 'xml' ? /application\/xml/ : /application\/json/,
      );
      expect(String(note.user_id)).toBe(String(userId));
      expect(note.title).toBe('Love');
      expect(note.content).toBe('For God so loved');
      expect(String(note.public)).toBe('0');
      // `moderated` is present and empty: <moderated/> in XML, null in JSON.
      expect('moderated' in note).toBe(true);
      expect(note.moderated).toBe(format === 'xml' ? '' : null);
      expect(note.created_at).toMatch(TIMESTAMP);
      expect(note.updated_at).toMatch(TIMESTAMP);
      const [ref] = list(note.references.reference);
      expect(ref).toMatchObject({ start: 'KJV:John.3.16', end: 'KJV:John.3.17' });
      expect(ref.created_at).toMatch(TIMESTAMP);
      expect(ref.updated_at).toMatch(TIMESTAMP);
      if (format === 'xml') expect(note['@id']).toBe(String(note.id));
      const shown = await call(`/notes/${note.id}.${format}`, token);
      expect(shown.status).toBe(200);
    });
  }

  it('renders title and content as CDATA in XML', async () => {
    const { token } = await newUser();
    const res = await send(
      'POST',
      '/notes.xml',
      token,
      noteXml({ title: 'T', content: 'C', references: [GEN_1_1] }),
      'xml',
    );
    const text = await res.text();
    expect(text).toContain('<title><![CDATA[T]]></title>');
    expect(text).toContain('<content><![CDATA[C]]></content>');
    expect(text).toContain('<moderated/>');
  });

  it('public is 0 on a new note unless the body publishes it (docs/public-notes.md)', async () => {
    const { token } = await newUser();
    const body = (flag: string) =>
      `<note><title>t</title>${flag}<references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>`;
    const plain = await send('POST', '/notes.xml', token, body(''), 'xml');
    expect(parseXml(await plain.text()).notes.note.public).toBe('0');
    const published = await send('POST', '/notes.xml', token, body('<public>1</public>'), 'xml');
    expect(published.status).toBe(201);
    expect(parseXml(await published.text()).notes.note.public).toBe('1');
    const bad = await send('POST', '/notes.xml', token, body('<public>yes</public>'), 'xml');
    expect(bad.status).toBe(422);
    expect(await errors(bad)).toEqual(['public must be 0 or 1']);
  });

  it('accepts POST /user/notes.xml and /user/notes.js as well', async () => {
    const { token } = await newUser();
    const a = await send(
      'POST',
      '/user/notes.xml',
      token,
      noteXml({ title: 'a', references: [GEN_1_1] }),
      'xml',
    );
    const b = await send(
      'POST',
      '/user/notes.js',
      token,
      noteJson({ title: 'b', references: [GEN_1_1] }),
      'js',
    );
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.headers.get('Location')).toMatch(/^\/notes\/\d+\.xml$/);
    expect(b.headers.get('Location')).toMatch(/^\/notes\/\d+\.js$/);
    const listed = (await (await call('/user/notes.js', token)).json()) as any;
    expect(listed.notes.note.map((n: any) => n.title).sort()).toEqual(['a', 'b']);
  });

  it('accepts the <notes><note>…</note></notes> and {"notes":{"note":…}} wrappers', async () => {
    const { token } = await newUser();
    const xml = await send(
      'POST',
      '/notes.xml',
      token,
      noteXml({ title: 'wrapped', references: [GEN_1_1] })
        .replace('<note>', '<notes><note>')
        .replace('</note>', '</note></notes>'),
      'xml',
    );
    expect(xml.status).toBe(201);
    const json = await send(
      'POST',
      '/notes.js',
      token,
      JSON.stringify({ notes: { note: { title: 'wrapped', references: { reference: GEN_1_1 } } } }),
      'js',
    );
    expect(json.status).toBe(201);
    expect(((await json.json()) as any).notes.note[0].title).toBe('wrapped');
  });

  it('accepts a single reference object as well as an array in JSON, and several references in XML in order', async () => {
    const { token } = await newUser();
    const single = await send(
      'POST',
      '/notes.js',
      token,
      JSON.stringify({ note: { title: 's', references: { reference: JOHN_3_16 } } }),
      'js',
    );
    expect(single.status).toBe(201);
    expect(((await single.json()) as any).notes.note[0].references.reference).toHaveLength(1);
    const { note } = await createNote(
      token,
      { title: 'm', references: [JOHN_3_16, GEN_1_1] },
      'xml',
    );
    expect(list(note.references.reference).map((r: any) => r.start)).toEqual([
      'KJV:John.3.16',
      'KJV:Gen.1.1',
    ]);
  });

  it('stores verse ids in their canonical spelling (ids are matched case-insensitively)', async () => {
    const { token } = await newUser();
    const { note } = await createNote(
      token,
      { title: 'c', references: [{ start: 'kjv:john.3.16', end: 'KJV:JOHN.3.16' }] },
      'js',
    );
    expect(note.references.reference[0]).toMatchObject({
      start: 'KJV:John.3.16',
      end: 'KJV:John.3.16',
    });
  });

  it.skipIf(!HAS_WEB)('accepts references into deuterocanonical books (WEB:Tob.1.1)', async () => {
    const { token } = await newUser();
    const { note } = await createNote(
      token,
      { title: 'Tobit', references: [{ start: 'WEB:Tob.1.1', end: 'WEB:Tob.1.2' }] },
      'js',
    );
    expect(note.references.reference[0].start).toBe('WEB:Tob.1.1');
  });

  it('takes exactly the documented maxima: title 255, content 10,000 characters, 100 references', async () => {
    const { token } = await newUser();
    const refs = Array.from({ length: 100 }, (_, i) => ({
      start: `KJV:John.3.${(i % 36) + 1}`,
      end: 'KJV:John.3.36',
    }));
    const { note } = await createNote(
      token,
      { title: 't'.repeat(255), content: 'c'.repeat(10_000), references: refs },
      'js',
    );
    expect(note.title).toHaveLength(255);
    expect(note.content).toHaveLength(10_000);
    // 100 references span several INSERT statements (D1's 100-parameter limit); order is kept.
    expect(note.references.reference.map((r: any) => r.start)).toEqual(refs.map((r) => r.start));
    expect(await countRows('note_references', 'note_id = ?', note.id)).toBe(100);
  });
});

describe('notes: 422 for invalid data, every problem listed', () => {
  for (const format of FORMATS) {
    it(`lists every problem of a ${format} body, one error element each, and stores nothing`, async () => {
      const { id: userId, token } = await newUser();
      const body = {
        title: 'x'.repeat(256),
        content: 'y'.repeat(10_001),
        references: [
          { start: 'KJV:John.3.99', end: 'KJV:John.3.99' }, // no such verse
          { start: 'KJV:John.3.17', end: 'KJV:John.3.16' }, // end before start
          { start: 'KJV:Gen.1.1', end: 'KJV:John.3.16' }, // different books
          { start: 'KJV:Gen.1.1', end: 'ASV:Gen.1.1' }, // different versions
          { start: 'nonsense', end: 'KJV:Gen.1.1' }, // malformed id
        ],
      };
      const res = await send(
        'POST',
        `/notes.${format}`,
        token,
        format === 'xml' ? noteXml(body) : noteJson(body),
        format,
      );
      expect(res.status).toBe(422);
      const messages = await errors(res, format);
      expect(messages).toHaveLength(8);
      expect(messages.join('\n')).toMatch(/title is longer than 255/);
      expect(messages.join('\n')).toMatch(/content is longer than 10000/);
      expect(messages.join('\n')).toMatch(/reference 1: start KJV:John\.3\.99 is not a verse/);
      expect(messages.join('\n')).toMatch(/reference 1: end KJV:John\.3\.99 is not a verse/);
      expect(messages.join('\n')).toMatch(
        /reference 2: end KJV:John\.3\.16 is before start KJV:John\.3\.17/,
      );
      expect(messages.join('\n')).toMatch(
        /reference 3: start and end must be in the same version and book/,
      );
      expect(messages.join('\n')).toMatch(
        /reference 4: start and end must be in the same version and book/,
      );
      expect(messages.join('\n')).toMatch(/reference 5: start nonsense is not a verse/);
      expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
    });
  }

  it('requires a title and references; an empty references element and a reference without start/end are 422', async () => {
    const { token } = await newUser();
    const missing = await send(
      'POST',
      '/notes.xml',
      token,
      '<note><content>c</content></note>',
      'xml',
    );
    expect(missing.status).toBe(422);
    expect(await errors(missing)).toEqual(['title is required', 'references is required']);

    const empty = await send(
      'POST',
      '/notes.xml',
      token,
      '<note><title>t</title><references/></note>',
      'xml',
    );
    expect(await errors(empty)).toEqual(['references must contain at least one reference']);

    const emptyJson = await send(
      'POST',
      '/notes.js',
      token,
      JSON.stringify({ note: { title: 't', references: { reference: [] } } }),
      'js',
    );
    expect(emptyJson.status).toBe(422);
    expect(await errors(emptyJson, 'js')).toEqual([
      'references must contain at least one reference',
    ]);

    const halves = await send(
      'POST',
      '/notes.xml',
      token,
      '<note><title>t</title><references><reference><start>KJV:Gen.1.1</start></reference><reference/></references></note>',
      'xml',
    );
    expect(await errors(halves)).toEqual([
      'reference 1: end is required',
      'reference 2: start is required',
      'reference 2: end is required',
    ]);
  });

  it('refuses more than 100 references', async () => {
    const { token } = await newUser();
    const refs = Array.from({ length: 101 }, () => GEN_1_1);
    const res = await send(
      'POST',
      '/notes.js',
      token,
      noteJson({ title: 't', references: refs }),
      'js',
    );
    expect(res.status).toBe(422);
    expect(await errors(res, 'js')).toEqual([
      'references holds 101 references; at most 100 are allowed',
    ]);
  });

  it('refuses control characters (they cannot round-trip through XML) with 422, in both formats', async () => {
    const { token } = await newUser();
    const json = await send(
      'POST',
      '/notes.js',
      token,
      noteJson({ title: 'bell\u0007', content: 'nul\u0000', references: [GEN_1_1] }),
      'js',
    );
    expect(json.status).toBe(422);
    expect(await errors(json, 'js')).toEqual([
      'title contains control characters',
      'content contains control characters',
    ]);
    const xml = await send(
      'POST',
      '/notes.xml',
      token,
      '<note><title>esc&#x1B;</title><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>',
      'xml',
    );
    expect(xml.status).toBe(422);
    expect(await errors(xml)).toEqual(['title contains control characters']);
  });

  it('keeps tab, newline and carriage return', async () => {
    const { token } = await newUser();
    const { note } = await createNote(
      token,
      { title: 'a\tb', content: 'line 1\r\nline 2\n', references: [GEN_1_1] },
      'js',
    );
    expect(note.content).toBe('line 1\r\nline 2\n');
    expect(note.title).toBe('a\tb');
  });
});

describe('notes: text round-trips byte for byte', () => {
  const awkward = [
    `<b>&amp;"'`,
    'a ]]> b ]]]]> c <![CDATA[ d',
    'thumbs 👍🏽 up',
    'עברית: בְּרֵאשִׁית בָּרָא',
    'العربية: فِي ٱلْبَدْءِ',
    '  leading and trailing spaces  ',
    'windows\r\nline ends, a lone\rcarriage return\r',
  ];
  for (const format of FORMATS) {
    it(`round-trips markup, ]]>, emoji and right-to-left text in ${format} (create, show, list)`, async () => {
      const { token } = await newUser();
      for (const text of awkward) {
        const { note } = await createNote(
          token,
          { title: text, content: `${text}\n${text}`, references: [GEN_1_1] },
          format,
        );
        const res = await call(`/notes/${note.id}.${format}`, token);
        const shown =
          format === 'xml'
            ? parseXmlExact(await res.text()).notes.note
            : ((await res.json()) as any).notes.note[0];
        expect(shown.title).toBe(text);
        expect(shown.content).toBe(`${text}\n${text}`);
      }
      const all = await call(`/user/notes.${format}`, token);
      const listed =
        format === 'xml'
          ? list(parseXmlExact(await all.text()).notes.note)
          : ((await all.json()) as any).notes.note;
      expect(listed.map((n: any) => n.title)).toEqual(awkward);
    });
  }

  it('sends CDATA input and split CDATA back intact', async () => {
    const { token } = await newUser();
    const body =
      '<note><title><![CDATA[<i>x</i> ]]]]><![CDATA[> y]]></title><references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>';
    const res = await send('POST', '/notes.js', token, body, 'xml');
    expect(res.status).toBe(201);
    expect(((await res.json()) as any).notes.note[0].title).toBe('<i>x</i> ]]> y');
  });
});

describe('notes: read, update, delete', () => {
  for (const format of FORMATS) {
    it(`lists only the caller's notes with their references (${format})`, async () => {
      const a = await newUser();
      const b = await newUser();
      await createNote(a.token, { title: 'a1', references: [GEN_1_1] });
      await createNote(a.token, { title: 'a2', references: [JOHN_3_16, GEN_1_1] });
      await createNote(b.token, { title: 'b1', references: [GEN_1_1] });
      const body = await read(await call(`/user/notes.${format}`, a.token), format);
      const notes = list(body.notes.note);
      expect(notes.map((n: any) => n.title)).toEqual(['a1', 'a2']);
      expect(list(notes[1].references.reference)).toHaveLength(2);
      expect(body.notes.meta).toBeDefined();
    });

    it(`updates only the fields sent; created_at stays, updated_at moves (${format})`, async () => {
      const { token } = await newUser();
      const { note } = await createNote(
        token,
        { title: 'old', content: 'keep me', references: [GEN_1_1] },
        format,
      );
      const body =
        format === 'xml'
          ? '<note><title>new</title></note>'
          : JSON.stringify({ note: { title: 'new' } });
      const res = await withClockAhead(2_000, () =>
        send('PUT', `/notes/${note.id}.${format}`, token, body, format),
      );
      expect(res.status).toBe(200);
      const updated = list((await read(res, format)).notes.note)[0];
      expect(updated.title).toBe('new');
      expect(updated.content).toBe('keep me');
      expect(list(updated.references.reference)[0].start).toBe('KJV:Gen.1.1');
      expect(updated.created_at).toBe(note.created_at);
      expect(updated.updated_at).not.toBe(note.updated_at);
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(note.updated_at));
      // The reference was not replaced, so its timestamps stay too.
      expect(list(updated.references.reference)[0].created_at).toBe(
        list(note.references.reference)[0].created_at,
      );
    });
  }

  it('replaces the references when they are sent, and sets public to 0 or 1', async () => {
    const { token } = await newUser();
    const { note } = await createNote(
      token,
      { title: 't', references: [GEN_1_1, JOHN_3_16] },
      'js',
    );
    const res = await send(
      'PUT',
      `/notes/${note.id}.js`,
      token,
      JSON.stringify({
        note: {
          public: 1,
          references: { reference: { start: 'KJV:John.3.17', end: 'KJV:John.3.18' } },
        },
      }),
      'js',
    );
    expect(res.status).toBe(200);
    const updated = ((await res.json()) as any).notes.note[0];
    expect(updated.public).toBe(1);
    expect(updated.references.reference).toHaveLength(1);
    expect(updated.references.reference[0].start).toBe('KJV:John.3.17');
    expect(await countRows('note_references', 'note_id = ?', note.id)).toBe(1);

    const bad = await send(
      'PUT',
      `/notes/${note.id}.xml`,
      token,
      '<note><public>2</public><title></title></note>',
      'xml',
    );
    expect(bad.status).toBe(422);
    expect(await errors(bad)).toEqual(['title must not be empty', 'public must be 0 or 1']);
  });

  it('a 422 on update leaves the note as it was', async () => {
    const { token } = await newUser();
    const { note } = await createNote(token, { title: 'kept', references: [GEN_1_1] }, 'js');
    const res = await send(
      'PUT',
      `/notes/${note.id}.js`,
      token,
      noteJson({ title: 'changed', references: [{ start: 'KJV:Gen.1.1', end: 'KJV:Gen.99.1' }] }),
      'js',
    );
    expect(res.status).toBe(422);
    const shown = ((await (await call(`/notes/${note.id}.js`, token)).json()) as any).notes.note[0];
    expect(shown.title).toBe('kept');
    expect(shown.references.reference).toHaveLength(1);
  });

  for (const format of FORMATS) {
    it(`deletes a note with its references: 200, empty body, then 404 (${format})`, async () => {
      const { token } = await newUser();
      const { note } = await createNote(
        token,
        { title: 'gone', references: [GEN_1_1, JOHN_3_16] },
        format,
      );
      const res = await call(`/notes/${note.id}.${format}`, token, { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect((await call(`/notes/${note.id}.${format}`, token)).status).toBe(404);
      expect((await call(`/notes/${note.id}.${format}`, token, { method: 'DELETE' })).status).toBe(
        404,
      );
      expect(await countRows('note_references', 'note_id = ?', note.id)).toBe(0);
    });
  }

  it('answers 404 (never 500) for malformed and out-of-range ids', async () => {
    const { token } = await newUser();
    for (const id of ['abc', '99999999999999999999', '0', '-1', '1.5', '007', '999999']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const init: RequestInit =
          method === 'PUT'
            ? { method, body: '<note><title>x</title></note>', headers: XML }
            : { method };
        const res = await call(`/notes/${id}.xml`, token, init);
        expect(res.status, `${method} /notes/${id}.xml`).toBe(404);
      }
    }
  });
});

describe('notes: concurrency and atomic writes', () => {
  it('stores 50 parallel creates with distinct ids, each with its own references', async () => {
    const { id: userId, token } = await newUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          'POST',
          '/notes.js',
          token,
          noteJson({
            title: `n${i}`,
            references: [
              { start: `KJV:John.3.${(i % 30) + 1}`, end: `KJV:John.3.${(i % 30) + 1}` },
              GEN_1_1,
            ],
          }),
          'js',
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const created = await Promise.all(
      results.map(async (r) => ((await r.json()) as any).notes.note[0]),
    );
    expect(new Set(created.map((n) => n.id)).size).toBe(50);
    created.forEach((n, i) => {
      expect(n.title).toBe(`n${i}`);
      expect(n.references.reference.map((r: any) => r.start)).toEqual([
        `KJV:John.3.${(i % 30) + 1}`,
        'KJV:Gen.1.1',
      ]);
    });
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(50);
    expect(
      await countRows(
        'note_references r JOIN notes n ON n.id = r.note_id',
        'n.user_id = ?',
        userId,
      ),
    ).toBe(100);
  });

  it('a create whose reference insert fails leaves no note behind (one D1 batch)', async () => {
    const { id: userId } = await newUser();
    const db = database(await accountDb(userId));
    // A NULL start violates NOT NULL in the last statement of the batch.
    await expect(
      createNoteRow(db, userId, {
        title: 't',
        content: '',
        references: [GEN_1_1, { start: null as unknown as string, end: 'x' }],
      }),
    ).rejects.toThrow();
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
    expect(
      await countRows('note_references r LEFT JOIN notes n ON n.id = r.note_id', 'n.id IS NULL'),
    ).toBe(0);
  });

  it('an update whose reference insert fails changes nothing (one D1 batch)', async () => {
    const { id: userId } = await newUser();
    const db = database(await accountDb(userId));
    const created = await createNoteRow(db, userId, {
      title: 'before',
      content: '',
      references: [GEN_1_1],
    });
    await expect(
      updateNoteRow(db, userId, created.note.id, {
        title: 'after',
        references: [{ start: null as unknown as string, end: 'x' }],
      }),
    ).rejects.toThrow();
    const [row] = (
      await (
        await accountDb(userId)
      )
        .prepare('SELECT title FROM notes WHERE id = ?')
        .bind(created.note.id)
        .all<{ title: string }>()
    ).results;
    expect(row.title).toBe('before');
    expect(await countRows('note_references', 'note_id = ?', created.note.id)).toBe(1);
  });
});

describe('notes: body formats', () => {
  it('accepts text/xml, application/json and charset parameters', async () => {
    const { token } = await newUser();
    for (const type of ['text/xml', 'application/xml; charset=utf-8', 'TEXT/XML;charset=UTF-8']) {
      const res = await call('/notes.xml', token, {
        method: 'POST',
        body: noteXml({ title: type, references: [GEN_1_1] }),
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(201);
    }
    for (const type of ['application/json', 'application/javascript; charset=utf-8']) {
      const res = await call('/notes.js', token, {
        method: 'POST',
        body: noteJson({ title: type, references: [GEN_1_1] }),
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(201);
    }
    // The body format and the response format are independent.
    const mixed = await call('/notes.xml', token, {
      method: 'POST',
      body: noteJson({ title: 'json in, xml out', references: [GEN_1_1] }),
      headers: JSON_TYPE,
    });
    expect(parseXml(await mixed.text()).notes.note.title).toBe('json in, xml out');
  });
});
