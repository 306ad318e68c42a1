import { env } from 'cloudflare:workers';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { SnapshotReader } from '../../src/cache/snapshot-reader';
import { verseId } from '../../src/catalogue/ids';
import { keywordClauses } from '../../src/search/keyword-query';
import { keywordSearchOf } from '../../src/search/keyword-search';
import { kvReadsOf } from '../../src/http/server-timing';
import { MAX_LIMIT, MAX_PAGE_VALUES } from '../../src/api/limits';
import { call, getJson, getXml, HAS_RV1909, HAS_WEB, newUser, VERSIONS } from '../support/http';

/**
 * The searches' account: one per describe block, each making fewer searches than the test
 * SEARCH_LIMITER allows one token in its window (test/support/rate-limits.ts).
 */
let token: string;
const searchAsNewUser = () =>
  beforeAll(async () => {
    token = (await newUser()).token;
  });

const search = async (query: string) => {
  const { res, body } = await getJson(`/verses.js?${query}`, token);
  expect(res.status).toBe(200);
  return body.search.result;
};
const ids = (result: any): string[] => result.verses.verse.map((v: any) => v.id);

describe('GET /verses.xml?keyword=', () => {
  searchAsNewUser();
  it('answers the search document in XML with summary, spelling, verses, then meta', async () => {
    const { res, body, text } = await getXml(
      '/verses.xml?keyword=loved&version=KJV&book=John',
      token,
    );
    expect(res.status).toBe(200);
    expect(XMLValidator.validate(text)).toBe(true);
    const result = body.search.result;
    expect(result.type).toBe('verses');
    expect(result.summary).toMatchObject({
      query: 'loved',
      start: '1',
      rpp: '15',
      sort: 'relevance',
      versions: 'KJV',
      testaments: 'OT,NT',
    });
    expect(Object.keys(body.search)).toEqual(['result', 'meta']);
    expect(Object.keys(result)).toEqual(['type', 'summary', 'spelling', 'verses']);
    expect(text).toContain('<text><![CDATA[');
  });

  it('finds John 3:16 with the full verse fields and <em> around matches', async () => {
    const result = await search('keyword=God+so+loved+the+world&version=KJV');
    const v = result.verses.verse[0];
    expect(v).toMatchObject({
      id: 'KJV:John.3.16',
      verse: 16,
      reference: 'John 3:16',
      parent: { chapter: { id: 'KJV:John.3' } },
    });
    expect(v.text).toContain(
      'For <em>God</em> <em>so</em> <em>loved</em> <em>the</em> <em>world</em>',
    );
    expect(v.next.verse.id).toBe('KJV:John.3.17');
    expect(v.copyright).toContain('King James');
  });

  it('matches case-, accent- and punctuation-insensitively', async () => {
    const a = await search('keyword=LOVED&version=KJV&sort_order=canonical');
    const b = await search('keyword=lóved!&version=KJV&sort_order=canonical');
    expect(a.summary.total).toBeGreaterThan(0);
    expect(b.summary.total).toBe(a.summary.total);
    expect(ids(b)).toEqual(ids(a));
  });

  it('stems (loved finds love) and ranks the exact form first', async () => {
    const exact = await search('keyword=loved&version=KJV&limit=500&sort_order=canonical');
    const stemmed = await search('keyword=love&version=KJV&limit=500&sort_order=canonical');
    expect(stemmed.summary.total).toBe(exact.summary.total);
    // Within one book, a page by relevance holds every verse (a page ends sooner only where its
    // verses are spread over more chapters than it reads: src/api/limits.ts MAX_PAGE_VALUES).
    const ranked = await search('keyword=loved&version=KJV&book=John&limit=500');
    const texts: string[] = ranked.verses.verse.map((v: any) => v.text);
    const firstWithout = texts.findIndex((t) => !/<em>loved<\/em>/i.test(t));
    const lastWith = texts.map((t) => /<em>loved<\/em>/i.test(t)).lastIndexOf(true);
    expect(firstWithout).toBeGreaterThan(0);
    expect(lastWith).toBeLessThan(firstWithout);
  });

  it('finds Maher-shalal-hash-baz with or without hyphens (Isa 8:1, 8:3)', async () => {
    for (const kw of ['Maher-shalal-hash-baz', 'Mahershalalhashbaz', 'mahershalalhashbaz']) {
      const result = await search(
        `keyword=${encodeURIComponent(kw)}&version=KJV&sort_order=canonical`,
      );
      expect(ids(result)).toEqual(['KJV:Isa.8.1', 'KJV:Isa.8.3']);
      expect(result.verses.verse[0].text).toContain('<em>Maher-shalal-hash-baz</em>');
    }
  });

  it('matches a quoted phrase in sequence only', async () => {
    const phrase = await search(
      `keyword=${encodeURIComponent('"love one another"')}&version=KJV&sort_order=canonical`,
    );
    const words = await search('keyword=love+one+another&version=KJV&sort_order=canonical');
    expect(phrase.summary.total).toBeGreaterThan(0);
    expect(ids(phrase)).toContain('KJV:John.13.34');
    expect(Number(words.summary.total)).toBeGreaterThan(Number(phrase.summary.total));
    for (const v of phrase.verses.verse)
      expect(v.text.replace(/<[^>]+>/g, '').toLowerCase()).toMatch(/love one another/);
  });

  it('precision=any finds more than precision=all', async () => {
    const all = await search('keyword=faith+hope&version=KJV');
    const any = await search('keyword=faith+hope&version=KJV&precision=any');
    expect(Number(any.summary.total)).toBeGreaterThan(Number(all.summary.total));
  });

  it('exclude leaves out verses with the word', async () => {
    const with_ = await search('keyword=loved&version=KJV&limit=500');
    const without = await search('keyword=loved&exclude=world&version=KJV&limit=500');
    expect(Number(without.summary.total)).toBeLessThan(Number(with_.summary.total));
    expect(ids(without)).not.toContain('KJV:John.3.16');
    for (const v of without.verses.verse) expect(v.text.toLowerCase()).not.toMatch(/\bworld\b/);
  });

  it('filters by version, testament, book and language', async () => {
    const all = await search('keyword=light');
    expect(all.summary.versions).toBe(VERSIONS.join(','));
    const kjv = await search('keyword=light&version=kjv');
    expect(ids(kjv).every((id) => id.startsWith('KJV:'))).toBe(true);
    const nt = await search('keyword=light&testament=NT&limit=500');
    expect(nt.summary.testaments).toBe('NT');
    expect(ids(nt).every((id) => /:(Matt|Luke|John|Rom|1Cor|Jude|3John|Rev)\./.test(id))).toBe(
      true,
    );
    const john = await search('keyword=light&book=John,rom&limit=500');
    expect(ids(john).every((id) => /:(John|Rom)\./.test(id))).toBe(true);
    const eng = await search('keyword=light&language=eng');
    expect(eng.summary.total).toBe(all.summary.total);
    expect(
      Number(kjv.summary.total) + Number((await search('keyword=light&version=ASV')).summary.total),
    ).toBeLessThanOrEqual(Number(all.summary.total));
  });

  // `testaments` are those of the versions searched (KJV has no DEUT books),
  // intersected with the `testament` filter.
  it.each([
    ['keyword=love&version=KJV', 'OT,NT'],
    ['keyword=love&version=KJV,ASV&testament=DEUT,NT', 'NT'],
    ['keyword=love&version=KJV&testament=DEUT', ''],
    ...(HAS_WEB
      ? [
          ['keyword=love', 'OT,NT,DEUT'],
          ['keyword=love&version=WEB&testament=deut,ot', 'OT,DEUT'],
        ]
      : []),
  ])('summary testaments of %s: %j', async (query, testaments) => {
    expect((await search(query)).summary.testaments).toBe(testaments);
  });

  it('searches digits: keyword=123 is a query, not a 400 (docs/search.md)', async () => {
    const result = await search('keyword=123&version=KJV');
    expect(result.summary.query).toBe('123');
  });

  it('sorts canonically when asked, and relevance is stable', async () => {
    const canonical = await search('keyword=light&version=KJV,ASV&limit=100&sort_order=canonical');
    const order = ids(canonical);
    expect(order[0]).toBe('KJV:Gen.1.3');
    expect(order.every((id) => id.startsWith('KJV:'))).toBe(true);
    const total = Number(canonical.summary.total);
    expect(
      ids(
        await search(`keyword=light&version=KJV,ASV&sort_order=canonical&offset=${total - 1}`),
      )[0],
    ).toMatch(/^ASV:Rev\./);
    const a = ids(await search('keyword=light&limit=50'));
    const b = ids(await search('keyword=light&limit=50'));
    expect(a).toEqual(b);
  });

  it('pages without overlaps, with an exact total', async () => {
    // Every result, in the largest pages a search gives, each starting after the last one's
    // `rpp` verses.
    const first = await search(`keyword=mercy&version=KJV&limit=${MAX_LIMIT}`);
    const total = Number(first.summary.total);
    expect(total).toBeGreaterThan(30);
    expect(first.verses.verse.length).toBe(Math.min(total, first.summary.rpp));
    const whole = { verses: { verse: [...first.verses.verse] } };
    for (let offset = first.summary.rpp; offset < total;) {
      const page = await search(`keyword=mercy&version=KJV&limit=${MAX_LIMIT}&offset=${offset}`);
      expect(page.verses.verse.length).toBe(Math.min(total - offset, page.summary.rpp));
      whole.verses.verse.push(...page.verses.verse);
      offset += page.summary.rpp;
    }
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 15) {
      const page = await search(`keyword=mercy&version=KJV&offset=${offset}`);
      expect(page.summary).toMatchObject({ start: offset + 1, total, rpp: 15 });
      seen.push(...ids(page));
    }
    expect(seen).toEqual(ids(whole));
    expect(new Set(seen).size).toBe(total);
    const past = await search(`keyword=mercy&version=KJV&offset=${total + 10}`);
    expect(past.verses.verse).toEqual([]);
  });

  it(`clamps a huge limit to ${MAX_LIMIT}: each result carries its text`, async () => {
    const result = await search('keyword=the&version=KJV&limit=100000&sort_order=canonical');
    expect(result.summary.rpp).toBe(MAX_LIMIT);
    expect(result.verses.verse).toHaveLength(MAX_LIMIT);
    expect(MAX_LIMIT).toBe(100);
  });

  it(`ends a page whose verses are spread over more than ${MAX_PAGE_VALUES} chapters before it reads more, saying how many it holds`, async () => {
    const result = await search(`keyword=the&limit=${MAX_LIMIT}`);
    const held = result.verses.verse.length;
    expect(result.summary.rpp).toBe(held);
    expect(held).toBeLessThan(MAX_LIMIT);
    const chapters = new Set(ids(result).map((id) => id.slice(0, id.lastIndexOf('.'))));
    expect(chapters.size).toBe(MAX_PAGE_VALUES);
    // The next page starts after them.
    const next = await search(`keyword=the&limit=${MAX_LIMIT}&offset=${held}`);
    const whole = await search(
      `keyword=the&limit=${MAX_LIMIT}&sort_order=relevance&offset=${held - 1}`,
    );
    expect(ids(next)[0]).toBe(ids(whole)[1]);
  });

  it('suggests spellings when asked and nothing matched', async () => {
    const result = await search('keyword=mercyy&spelling=yes');
    expect(result.summary.total).toBe(0);
    expect(result.spelling.suggestion).toContain('mercy');
    const none = await search('keyword=mercyy');
    expect(none.spelling).toBeNull();
  });

  it.skipIf(!HAS_WEB)('searches the deuterocanonical books of the WEB', async () => {
    const result = await search('keyword=Tobit&testament=DEUT');
    expect(result.summary.versions).toBe(VERSIONS.join(','));
    // The WEB's, and the same text's added from its USFM (WEBU, Tobit alone in the fixture).
    expect(ids(result).every((id) => /^WEBU?:(Tob|Sir|AddPs)\./.test(id))).toBe(true);
    expect(Number(result.summary.total)).toBeGreaterThan(0);
  });

  it('costs at most one read per term plus the page chapters, and nothing on a warm repeat', async () => {
    const first = await call('/verses.xml?keyword=grace+truth', token);
    // search meta (if not yet read) + 2 terms in each language + at most the 15 chapters of the page's verses
    expect(kvReadsOf(first.headers.get('Server-Timing'))).toBeLessThanOrEqual(
      1 + 2 * (HAS_RV1909 ? 2 : 1) + 15,
    );
    const res = await call('/verses.xml?keyword=grace+truth', token);
    // Everything was read by the same search just before: a warm repeat reads nothing.
    expect(kvReadsOf(res.headers.get('Server-Timing'))).toBe(0);
  });
});

describe('GET /verses.xml?keyword= bad input (never a 5xx)', () => {
  searchAsNewUser();
  it.each([
    ['/verses.xml', 400],
    ['/verses.xml?keyword=', 400],
    ['/verses.xml?keyword=%20%20', 400],
    ['/verses.xml?keyword=!!!', 400],
    ['/verses.xml?keyword=love&offset=-1', 400],
    ['/verses.xml?keyword=love&limit=abc', 400],
    ['/verses.xml?keyword=love&limit=0', 400],
    ['/verses.xml?keyword=love&precision=some', 400],
    ['/verses.xml?keyword=love&sort_order=random', 400],
    ['/verses.xml?keyword=love&testament=XT', 400],
    ['/verses.xml?keyword=love&book=Nope', 400],
    ['/verses.xml?keyword=love&language=xx', 400],
    ['/verses.xml?keyword=love&version=NOPE', 404],
    ['/verses.xml?keyword=(5,000 characters)', 400],
    ['/verses.xml?keyword=%00%01love%07', 200],
    ['/verses.xml?keyword=%F0%9F%98%80love', 200],
    ['/verses.xml?keyword=%22unclosed+phrase', 200],
    ['/verses.xml?keyword=zzzzqqq', 200],
  ])('%s → %i', async (path, status) => {
    const res = await call(path.replace('(5,000 characters)', 'love+'.repeat(1000)), token);
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(XMLValidator.validate(text)).toBe(true);
    if (status === 400) expect(text).toMatch(/<errors><error>.+<\/error><\/errors>/);
  });

  it('says a keyword of punctuation only has no searchable words (letters or digits)', async () => {
    const { res, body } = await getJson('/verses.js?keyword=%21%21', token);
    expect(res.status).toBe(400);
    expect(body.errors.error[0]).toMatch(/no searchable words \(letters or digits\)/);
  });
});

describe('keyword search as a typed query (what the MCP tool asks)', () => {
  searchAsNewUser();
  it('finds what GET /verses finds for the same query, from a KeywordQuery built without a query string', async () => {
    const api = await search(
      'keyword=loved&version=KJV&book=John&offset=2&limit=4&sort_order=canonical',
    );
    const typed = await keywordSearchOf(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID), {
      keyword: 'loved',
      clauses: keywordClauses('loved'),
      version: 'KJV',
      book: 'John',
      sort: 'canonical',
      page: { offset: 2, limit: 4 },
    });
    expect(typed.hits.length).toBe(4);
    expect(typed.total).toBe(Number(api.summary.total));
    expect(
      typed.hits.map((h) => verseId(typed.cat.books[h.bookIndex], h.chapter, h.entry.verse)),
    ).toEqual(ids(api));
  });
});
