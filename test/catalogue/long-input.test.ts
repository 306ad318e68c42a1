import { beforeAll, describe, expect, it } from 'vitest';
import { echo } from '../../src/http/errors';
import { getJson, newUser } from '../support/http';

/**
 * Error messages that repeat request input repeat at most a short piece of it
 * (`echo`, src/http/errors.ts), never a 12,000-character id whole.
 */

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const LONG = 'x'.repeat(12_000);

describe('echo()', () => {
  it('keeps short input whole and cuts long input, saying how long it was', () => {
    expect(echo('KJV:John')).toBe('KJV:John');
    expect(echo(LONG)).toBe(`${'x'.repeat(60)}… (12000 characters)`);
    expect(echo('abcdef', 3)).toBe('abc… (6 characters)');
  });

  it('never ends inside a surrogate pair', () => {
    expect(echo('ab😀cd', 3)).toBe('ab… (6 characters)');
  });
});

describe('a 12,000-character input gets a short error message', () => {
  it.each([
    ['/verses/{LONG}.js', 404],
    ['/verses/KJV:John.3.{LONG}.js', 404],
    ['/verses/{LONG}:John.3.16.js', 404],
    ['/verses/KJV:{LONG}.3.16.js', 404],
    ['/books/{LONG}.js', 404],
    ['/books/KJV:{LONG}/chapters.js', 404],
    ['/chapters/{LONG}.js', 404],
    ['/chapters/KJV:{LONG}.3/verses.js', 404],
    ['/versions/{LONG}.js', 404],
    ['/versions/{LONG}/books.js', 404],
    ['/versions/KJV/books.js?testament={LONG}', 400],
    ['/bookgroups/{LONG}.js', 404],
    ['/{LONG}/here.js', 404],
    ['/verses.js?keyword=love&version={LONG}', 404],
    ['/verses.js?keyword=love&testament={LONG}', 400],
    ['/verses.js?keyword=love&book={LONG}', 400],
    ['/verses.js?keyword=love&language={LONG}', 400],
    ['/passages.js?q[]=John+3:16&version={LONG}', 404],
    ['/{LONG}/passages.js?q[]=John+3:16', 404],
  ])('%s → %i', async (path, status) => {
    const { res, body } = await getJson(path.replace('{LONG}', LONG), token);
    expect(res.status).toBe(status);
    const [message] = body.errors.error;
    expect(message.length).toBeLessThan(300);
    expect(message).toMatch(/… \(12\d{3} characters\)/);
  });
});
