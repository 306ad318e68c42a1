import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, parseJsonBody, readLimited } from '../../src/http/body';
import { parseXmlBody } from '../../src/http/xml-body';
import { call, newUser } from '../support/http';
import {
  countRows,
  errors,
  GEN_1_1,
  JSON_TYPE,
  noteJson,
  noteXml,
  XML,
} from '../support/annotations';

const validXml = noteXml({ title: 't', references: [GEN_1_1] });

/** A stream of `total` bytes of `x` in 1 KiB chunks, counting how many were pulled. */
function stream(total: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode('x'.repeat(1024));
  return {
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
    pulled: () => sent,
  };
}

describe('write bodies: content types (415)', () => {
  it('answers 415 with a message for a missing or unsupported Content-Type, in the requested format', async () => {
    const { token } = await newUser();
    for (const headers of [
      {} as Record<string, string>,
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { 'Content-Type': 'application/xmlfoo' },
    ]) {
      const res = await call('/notes.xml', token, { method: 'POST', body: validXml, headers });
      expect(res.status).toBe(415);
      expect((await errors(res))[0]).toMatch(/Content-Type/);
    }
    const js = await call('/taggings/1.js', token, {
      method: 'PUT',
      body: '{}',
      headers: { 'Content-Type': 'text/html' },
    });
    expect(js.status).toBe(415);
    expect((await errors(js, 'js'))[0]).toMatch(/Content-Type/);
    const user = await call('/user.xml', token, { method: 'PUT', body: '<user/>' });
    expect(user.status).toBe(415);
  });
});

describe('write bodies: malformed (400)', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['unclosed XML', '<note><title>t</note>', XML],
    ['text instead of XML', 'hello', XML],
    ['two XML roots', '<note/><note/>', XML],
    ['wrong XML root', '<tagging><title>t</title></tagging>', XML],
    ['wrong XML wrapper', '<notes><tagging/></notes>', XML],
    ['unknown entity', '<note><title>&nbsp;</title></note>', XML],
    // Entities named like what every object inherits are unknown too, never the inherited member's text.
    ['entity named toString', '<note><title>&toString;</title></note>', XML],
    ['entity named __proto__', '<note><title>&__proto__;</title></note>', XML],
    ['invalid JSON', '{"note": {', JSON_TYPE],
    ['JSON array root', '[{"note":{}}]', JSON_TYPE],
    ['wrong JSON root', '{"tagging":{"title":"t"}}', JSON_TYPE],
    ['JSON with two roots', '{"note":{},"other":{}}', JSON_TYPE],
    ['JSON note as text', '{"note":"t"}', JSON_TYPE],
    ['empty body', '', XML],
  ];
  for (const [name, body, headers] of cases) {
    it(`answers 400 for ${name}`, async () => {
      const { id: userId, token } = await newUser();
      const res = await call('/notes.xml', token, { method: 'POST', body, headers });
      expect(res.status).toBe(400);
      expect((await errors(res)).length).toBe(1);
      expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
    });
  }

  it('answers 400 for invalid UTF-8', async () => {
    const { token } = await newUser();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('<note><title>'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('</title></note>'),
    ]);
    const res = await call('/notes.xml', token, { method: 'POST', body: bytes, headers: XML });
    expect(res.status).toBe(400);
    expect((await errors(res))[0]).toMatch(/UTF-8/);
  });
});

describe('write bodies: hostile input', () => {
  it('refuses a DOCTYPE (billion laughs) with 400 before parsing', async () => {
    const { id: userId, token } = await newUser();
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<note><title>&lol3;</title></note>`;
    const started = Date.now();
    const res = await call('/notes.xml', token, { method: 'POST', body: bomb, headers: XML });
    expect(res.status).toBe(400);
    expect((await errors(res))[0]).toMatch(/DOCTYPE or ENTITY/);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
  });

  it('refuses external entities and a bare ENTITY declaration with 400', async () => {
    const { token } = await newUser();
    for (const body of [
      '<!DOCTYPE note [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><note><title>&xxe;</title></note>',
      '<note><title>t</title><!ENTITY x "y"></note>',
      '<!doctype note><note/>',
    ]) {
      const res = await call('/notes.xml', token, { method: 'POST', body, headers: XML });
      expect(res.status).toBe(400);
    }
  });

  it('refuses nesting deeper than 32 levels with 400, in XML and JSON', async () => {
    const { token } = await newUser();
    const deepXml = `<note><title>t</title><x>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</x></note>`;
    const xml = await call('/notes.xml', token, { method: 'POST', body: deepXml, headers: XML });
    expect(xml.status).toBe(400);
    expect((await errors(xml))[0]).toMatch(/nested deeper than 32/);
    const deepJson = `{"note":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const json = await call('/notes.js', token, {
      method: 'POST',
      body: deepJson,
      headers: JSON_TYPE,
    });
    expect(json.status).toBe(400);
    expect((await errors(json, 'js'))[0]).toMatch(/nested deeper than 32/);
    // Exactly 32 levels are fine (note + 31; the unknown element is ignored), 33 are not.
    const nested = (n: number) =>
      `<note><title>t</title>${'<a>'.repeat(n)}${'</a>'.repeat(n)}<references><reference><start>KJV:Gen.1.1</start><end>KJV:Gen.1.1</end></reference></references></note>`;
    expect(
      (await call('/notes.xml', token, { method: 'POST', body: nested(31), headers: XML })).status,
    ).toBe(201);
    const over = await call('/notes.xml', token, {
      method: 'POST',
      body: nested(32),
      headers: XML,
    });
    expect(over.status).toBe(400);
    expect((await errors(over))[0]).toMatch(/nested deeper than 32/);
  });

  it('answers 413 for a body over 64 KiB with an honest Content-Length', async () => {
    const { token } = await newUser();
    const big = noteJson({
      title: 't',
      content: 'x'.repeat(MAX_BODY_BYTES),
      references: [GEN_1_1],
    });
    const res = await call('/notes.js', token, { method: 'POST', body: big, headers: JSON_TYPE });
    expect(res.status).toBe(413);
    expect((await errors(res, 'js'))[0]).toMatch(/larger than 65536 bytes/);
  });

  it('answers 413 for a streamed body without Content-Length, reading no more than the limit', async () => {
    const { token } = await newUser();
    const s = stream(10 * MAX_BODY_BYTES);
    const res = await call('/notes.xml', token, {
      method: 'POST',
      body: s.body,
      headers: XML,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // Stopped shortly after the limit (a few chunks of read-ahead at most), not at 640 KiB.
    expect(s.pulled()).toBeLessThan(2 * MAX_BODY_BYTES);
  });

  it('answers 413 when Content-Length lies (declares less than is sent)', async () => {
    // Checked on the reader itself: a Request whose header claims 10 bytes while the stream
    // carries 10 × 64 KiB (the runtime may not let such a request through fetch at all).
    const s = stream(10 * MAX_BODY_BYTES);
    const request = new Request('https://api.test/notes.xml', {
      method: 'POST',
      body: s.body,
      headers: { 'Content-Length': '10', ...XML },
      duplex: 'half',
    } as RequestInit);
    await expect(readLimited(request)).rejects.toMatchObject({ status: 413 });
    expect(s.pulled()).toBeLessThan(2 * MAX_BODY_BYTES);
  });

  it('reads a body of exactly 64 KiB', async () => {
    const body = new TextEncoder().encode('x'.repeat(MAX_BODY_BYTES));
    const request = new Request('https://api.test/notes.xml', { method: 'POST', body });
    expect((await readLimited(request)).byteLength).toBe(MAX_BODY_BYTES);
  });
});

describe('body reader: one neutral shape for XML and JSON', () => {
  it('gives the same object for equivalent XML and JSON bodies', () => {
    const xml = parseXmlBody(
      '<?xml version="1.0"?>\n<note>\n  <title>a &amp; &lt;b&gt; &#x1F44D; &#65;</title>\n  <references>\n    <reference><start>S</start><end>E</end></reference>\n  </references>\n</note>',
    );
    const json = parseJsonBody(
      '{"note":{"title":"a & <b> 👍 A","references":{"reference":{"start":"S","end":"E"}}}}',
    );
    expect(xml).toEqual(json);
    expect(xml).toEqual({
      note: { title: 'a & <b> 👍 A', references: { reference: { start: 'S', end: 'E' } } },
    });
  });

  it('joins CDATA sections with text, keeps whitespace inside values, and makes repeated elements arrays', () => {
    expect(
      parseXmlBody('<n><t> a <![CDATA[<x>]]]]><![CDATA[>]]> b </t><r>1</r><r>2</r><e/></n>'),
    ).toEqual({ n: { t: ' a <x>]]> b ', r: ['1', '2'], e: '' } });
  });

  it('turns JSON numbers, booleans and null into text', () => {
    expect(parseJsonBody('{"tag":{"id":7,"x":true,"y":null}}')).toEqual({
      tag: { id: '7', x: '1', y: '' },
    });
  });
});

describe('write bodies: what clients really send', () => {
  it('accepts references as a plain JSON array, and a plural root holding an array of one', async () => {
    const { token } = await newUser();
    const refs = [GEN_1_1, { start: 'KJV:John.3.16', end: 'KJV:John.3.18' }];
    const note = await call('/notes.js', token, {
      method: 'POST',
      body: JSON.stringify({ note: { title: 'array', references: refs } }),
      headers: JSON_TYPE,
    });
    expect(note.status).toBe(201);
    expect(
      ((await note.json()) as any).notes.note[0].references.reference.map((r: any) => r.start),
    ).toEqual(['KJV:Gen.1.1', 'KJV:John.3.16']);
    const tagging = await call('/user/taggings.js', token, {
      method: 'POST',
      body: JSON.stringify({ tagging: { tag: { name: 'array-refs' }, references: refs } }),
      headers: JSON_TYPE,
    });
    expect(tagging.status).toBe(201);
    expect(((await tagging.json()) as any).taggings.tagging[0].references.reference).toHaveLength(
      2,
    );
    const plural = await call('/notes.js', token, {
      method: 'POST',
      body: JSON.stringify({ notes: [{ title: 'plural', references: [GEN_1_1] }] }),
      headers: JSON_TYPE,
    });
    expect(plural.status).toBe(201);
    const two = await call('/notes.js', token, {
      method: 'POST',
      body: JSON.stringify({ notes: [{ title: 'a' }, { title: 'b' }] }),
      headers: JSON_TYPE,
    });
    expect(two.status).toBe(400);
  });

  it('answers 400 when the client stops sending the body part-way', async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('<note><title>half'));
        } else controller.error(new Error('connection reset'));
      },
    });
    // The body reader on a request whose stream fails mid-way, as an aborted upload does.
    const request = new Request('https://api.test/notes.xml', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    const error = await readLimited(request).catch((e) => e);
    expect(error).toMatchObject({
      status: 400,
      messages: ['Request body ended before it was complete'],
    });
  });
});
