import { describe, expect, it } from 'vitest';
import { parseBookId, parseChapterId, parseVerseId, sameVersionId } from '../../src/catalogue/ids';
import { requestTarget } from '../../src/middleware/request';

describe('scripture ids', () => {
  it.each([
    ['KJV:John.3.16', { version: 'KJV', book: 'John', chapter: 3, verse: 16 }],
    ['WEB:1Cor.13.4', { version: 'WEB', book: '1Cor', chapter: 13, verse: 4 }],
  ])('parses verse id %s', (id, expected) => expect(parseVerseId(id)).toEqual(expected));

  it.each([
    'KJV:John.3',
    'KJV:John.3.0',
    'KJV:John.3.x',
    ':John.3.16',
    'KJV:.3.16',
    'KJV:John.3.16.1',
    'John.3.16',
    'KJV:John.3.99999',
    'KJV:John.03.16',
  ])('rejects malformed verse id %s', (id) => expect(parseVerseId(id)).toBeNull());

  it('parses chapter and book ids', () => {
    expect(parseChapterId('KJV:Ps.119')).toEqual({ version: 'KJV', book: 'Ps', chapter: 119 });
    expect(parseChapterId('KJV:Ps')).toBeNull();
    expect(parseBookId('KJV:Ps')).toEqual({ version: 'KJV', book: 'Ps' });
    expect(parseBookId('KJV:Ps.1')).toBeNull();
  });
});

describe('request target (version prefix and format suffix)', () => {
  const t = (path: string) => requestTarget(new Request(`https://x.test${path}`));
  it.each([
    ['/verses/KJV:John.3.16.xml', 1, 'xml', '/verses/KJV:John.3.16', false],
    ['/v2/verses/KJV:John.3.16.js', 2, 'js', '/verses/KJV:John.3.16', false],
    ['/v1/books/KJV:Gen.xml?x=1', 1, 'xml', '/books/KJV:Gen', false],
    ['/v9/versions.xml', 2, 'xml', '/versions', false],
    ['/v0/versions.xml', 1, 'xml', '/versions', false],
    ['/v-3/versions.xml', 1, 'xml', '/versions', false],
    // No .xml / .js suffix: the HTML page; a dot is part of the name (ids hold dots).
    ['/versions.json', 1, 'html', '/versions.json', false],
    ['/versions', 1, 'html', '/versions', false],
    ['/verses/KJV:John.3.16', 1, 'html', '/verses/KJV:John.3.16', false],
    ['/tags/my.tag.xml', 1, 'xml', '/tags/my.tag', false],
    ['/chapters/KJV:John.3/verses.xml', 1, 'xml', '/chapters/KJV:John.3/verses', false],
    // Public paths keep their whole name, whatever it ends with.
    ['/openapi.json', 1, 'html', '/openapi.json', true],
    ['/assets/note-form.js', 1, 'html', '/assets/note-form.js', true],
  ])('%s → v%s %s %s (public: %s)', (path, apiVersion, format, routePath, isPublic) => {
    // `resource` names the resource for the response cache: the URL from its path on, as sent.
    expect(t(path)).toEqual({
      apiVersion,
      format,
      routePath,
      public: isPublic,
      resource: path,
      readKey: null,
    });
  });

  // A publishable read key comes in the query (docs/tagger.md); `monkey=` is another parameter.
  it.each([
    ['/verses/KJV:John.3.16.js?key=rk_abc', 'rk_abc'],
    ['/passages.xml?q=John+3&key=rk_abc#v16', 'rk_abc'],
    ['/verses/KJV:John.3.16.js?monkey=1', null],
    ['/verses/KJV:John.3.16.js', null],
  ])('%s carries the read key %s', (path, key) => {
    expect(t(path).readKey).toBe(key);
  });
});

describe('version codes', () => {
  it('match case-insensitively, as every version lookup does', () => {
    expect(sameVersionId('kjv', 'KJV')).toBe(true);
    expect(sameVersionId('Rv1909', 'RV1909')).toBe(true);
    expect(sameVersionId('KJV', 'ASV')).toBe(false);
  });
});
