import { describe, expect, it } from 'vitest';
import taggerSource from '../../public/assets/tagger.js?raw';
import { MAX_REFERENCE_NUMBERS, MAX_REFERENCE_WORDS } from '../../src/api/limits';
import { TEST_RATE_LIMITS } from '../support/rate-limits';
import { findReferences, findReferencesInTexts } from '../../src/search/references';
import { call, newUser } from '../support/http';

/**
 * POST /references for a token's caller (the read keys' side: test/middleware/read-keys.test.ts):
 * a body of the wrong shape is a 400 that says so, the work of one request is bounded by the
 * numbers its texts hold, and the route counts against its own rate limit.
 */

const post = (token: string, body: string, type = 'application/json', suffix = 'js') =>
  call(`/references.${suffix}`, token, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('POST /references: the shape of the body', () => {
  it('answers a body of another shape with a 400 that names the shape, in the requested format', async () => {
    const { token } = await newUser();
    for (const body of [
      '{"texts":"John 3:16"}',
      '{"texts":[]}',
      '{"texts":{}}',
      '{"texts":{"text":{"nested":"John 3:16"}}}',
      '{"texts":{"text":["John 3:16",{"nested":"x"}]}}',
      '{"text":["John 3:16"]}',
    ]) {
      const res = await post(token, body);
      expect(res.status, body).toBe(400);
      expect(await res.text(), body).toContain('Expected {\\"texts\\":{\\"text\\":[');
    }
    // A number, a truth value or null where a text belongs is not a text without references.
    for (const [body, at] of [
      ['{"texts":{"text":[5]}}', 'texts.text[0] is a number'],
      ['{"texts":{"text":5}}', 'texts.text is a number'],
      ['{"texts":{"text":["John 3:16", true]}}', 'texts.text[1] is a boolean'],
      ['{"texts":{"text":[null]}}', 'texts.text[0] is null'],
    ]) {
      const res = await post(token, body);
      expect(res.status, body).toBe(400);
      expect(await res.text(), body).toContain(`${at}, where a text is expected`);
    }
    for (const body of ['<texts/>', '<texts><other>John 3:16</other></texts>']) {
      const res = await post(token, body, 'application/xml', 'xml');
      expect(res.status, body).toBe(400);
      expect(res.headers.get('Content-Type'), body).toMatch(/xml/);
    }
  });
});

describe('POST /references: the work of one request', () => {
  it(`reads texts holding ${MAX_REFERENCE_NUMBERS} numbers, and refuses more with a 413 before parsing`, async () => {
    const { token } = await newUser();
    const at = Array.from(
      { length: MAX_REFERENCE_NUMBERS / 2 },
      (_, i) => `John ${(i % 21) + 1}:1`,
    );
    const ok = await post(token, JSON.stringify({ texts: { text: at } }));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).references.reference).toHaveLength(at.length);
    // Book names run together: the parser's costliest text, 66 numbers in 200 characters.
    const hostile = Array.from({ length: 100 }, () => 'Jo1'.repeat(66));
    const refused = await post(token, JSON.stringify({ texts: { text: hostile } }));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain(`at most ${MAX_REFERENCE_NUMBERS} in one request`);
  });

  it(`reads texts holding ${MAX_REFERENCE_WORDS} words, and refuses more with a 413 before parsing`, async () => {
    const { token } = await newUser();
    // A candidate of the tagger: three words before a number.
    const at = Array.from(
      { length: MAX_REFERENCE_WORDS / 4 },
      (_, i) => `see the book John ${(i % 21) + 1}`,
    );
    const ok = await post(token, JSON.stringify({ texts: { text: at } }));
    expect(ok.status).toBe(200);
    // Book names the parser tries one by one before a few numbers: the costliest words.
    const hostile = Array.from({ length: 20 }, (_, i) => `${'Jo '.repeat(60)}${i} ${i + 1}`);
    const refused = await post(token, JSON.stringify({ texts: { text: hostile } }));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain(`at most ${MAX_REFERENCE_WORDS} in one request`);
  });

  it('stops the tagger collecting at the same counts (public/assets/tagger.js)', () => {
    expect(taggerSource).toContain(`var MAX_NUMBERS = ${MAX_REFERENCE_NUMBERS};`);
    expect(taggerSource).toContain(`var MAX_WORDS = ${MAX_REFERENCE_WORDS};`);
  });

  it('finds in texts read together what it finds in each alone, at each text’s own offsets', () => {
    const texts = [
      'see John 3',
      '16 is love',
      'and 4:5',
      'Gen 1',
      ':2 and',
      'Ps 23',
      '-24',
      '1 Cor 13',
      'Rom 5:8',
      '2',
      'a | John 3:16 | b',
      '',
      'Jo1Jo1',
    ];
    expect(findReferencesInTexts(texts, 'eng')).toEqual(texts.map((t) => findReferences(t, 'eng')));
  });
});

describe('POST /references: its rate limit', () => {
  it('counts every request of a token against REFERENCES_LIMITER: a 429 past it', async () => {
    const { token } = await newUser();
    const limit = TEST_RATE_LIMITS.REFERENCES_LIMITER.simple.limit;
    const body = JSON.stringify({ texts: { text: ['John 3:16'] } });
    for (let i = 0; i < limit; i++) expect((await post(token, body)).status).toBe(200);
    const over = await post(token, body);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
  });
});
