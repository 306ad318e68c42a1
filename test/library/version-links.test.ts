import { env } from 'cloudflare:workers';
import { SnapshotReader } from '../../src/cache/snapshot-reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Catalogue } from '../../src/catalogue/store';
import {
  linksInVersion,
  passageInVersion,
  pathInVersion,
  textInVersion,
} from '../../src/library/version-links';
import { parsePassage } from '../../src/library/passages';
import { call, getJson, HAS_RV1909, HAS_STUDY, HAS_WEB, newUser } from '../support/http';

/**
 * The library's links in the version being read (src/library/version-links.ts): the sources cite
 * the KJV's verses; on another version a commentary's links lead to the verses of that version
 * that hold the cited text, from the fixture's real catalogue and versification map.
 */
let cat: Catalogue;
let token: string;

describe.skipIf(!env.TEST_HAS_LIBRARY)("the library's links in the version read", () => {
  beforeAll(async () => {
    cat = await loadCatalogue(new SnapshotReader(env.SNAPSHOT, env.SNAPSHOT_ID));
    ({ token } = await newUser('links'));
  });

  it('keeps the numbers where the version shares the KJV numbering, and the KJV where the version lacks the verse', () => {
    expect(pathInVersion(cat, 'ASV', '/verses/KJV:Ps.51.5')).toBe('/verses/ASV:Ps.51.5');
    expect(pathInVersion(cat, 'ASV', '/chapters/KJV:Num.21/verses?start=6&end=9')).toBe(
      '/chapters/ASV:Num.21/verses?start=6&end=9',
    );
    expect(pathInVersion(cat, 'ASV', '/verses/KJV:Matt.6.33/commentaries')).toBe(
      '/verses/ASV:Matt.6.33/commentaries',
    );
    expect(pathInVersion(cat, 'ASV', '/chapters/KJV:Ps.23')).toBe('/chapters/ASV:Ps.23');
    // Not in the ASV's text (data/versification-gaps.json): the link stays where the text is.
    expect(pathInVersion(cat, 'ASV', '/verses/KJV:Matt.18.11')).toBe('/verses/KJV:Matt.18.11');
    expect(pathInVersion(cat, 'KJV', '/verses/KJV:Ps.51.5')).toBe('/verses/KJV:Ps.51.5');
    // Not a path the library writes: left alone.
    expect(pathInVersion(cat, 'ASV', '/topics/love')).toBe('/topics/love');
  });

  it.skipIf(!HAS_STUDY)(
    'follows the versification map into the Hebrew numbering, and keeps the KJV for the New Testament the WLC lacks',
    () => {
      // The Psalm's title is the WLC's verse 1 (and 2): its verses are numbered later.
      expect(pathInVersion(cat, 'WLC', '/verses/KJV:Ps.51.5')).toBe('/verses/WLC:Ps.51.7');
      expect(pathInVersion(cat, 'WLC', '/verses/KJV:Ps.19.9/commentaries')).toBe(
        '/verses/WLC:Ps.19.10/commentaries',
      );
      // The great fish: the KJV's Jonah 1:17 opens the WLC's chapter 2.
      expect(pathInVersion(cat, 'WLC', '/verses/KJV:Jonah.1.17')).toBe('/verses/WLC:Jonah.2.1');
      expect(pathInVersion(cat, 'WLC', '/chapters/KJV:Jonah.1/verses?start=15&end=17')).toBe(
        '/chapters/WLC:Jonah.1/verses?start=15&end=1&end_chapter=2',
      );
      // A whole chapter is the chapter of that number.
      expect(pathInVersion(cat, 'WLC', '/chapters/KJV:Ps.23')).toBe('/chapters/WLC:Ps.23');
      expect(pathInVersion(cat, 'WLC', '/verses/KJV:John.3.16')).toBe('/verses/KJV:John.3.16');
    },
  );

  it.skipIf(!HAS_RV1909)("follows the RV1909's own numbering", () => {
    expect(pathInVersion(cat, 'RV1909', '/verses/KJV:Jonah.1.17')).toBe('/verses/RV1909:Jonah.2.1');
    // The module holds the KJV's Job 40:1-5 in its 39:30.
    expect(pathInVersion(cat, 'RV1909', '/chapters/KJV:Job.40/verses?start=1&end=5')).toBe(
      '/verses/RV1909:Job.39.30',
    );
    expect(pathInVersion(cat, 'RV1909', '/verses/KJV:John.3.16')).toBe('/verses/RV1909:John.3.16');
  });

  it('rewrites the links of an HTML text, `&amp;` and all, and nothing else of it', () => {
    const html =
      '<p>See <a href="/chapters/KJV:Num.21/verses?start=6&amp;end=9">Nu 21:6-9</a> and <a href="/topics/love">LOVE</a>; KJV:Ps.51.5.</p>';
    expect(linksInVersion(cat, 'ASV', html)).toBe(
      '<p>See <a href="/chapters/ASV:Num.21/verses?start=6&amp;end=9">Nu 21:6-9</a> and <a href="/topics/love">LOVE</a>; KJV:Ps.51.5.</p>',
    );
    expect(linksInVersion(cat, 'KJV', html)).toBe(html);
    // An entry's text, once per value and version (kept while its chapter value is).
    const value = { h: html };
    expect(textInVersion(cat, 'ASV', value)).toBe(linksInVersion(cat, 'ASV', html));
    expect(textInVersion(cat, 'ASV', value)).toBe(textInVersion(cat, 'ASV', value));
    expect(textInVersion(cat, 'KJV', value)).toBe(html);
  });

  it.skipIf(!HAS_WEB)(
    "gives a chapter's commentaries, API and page, with links into the version read",
    async () => {
      const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
      const kjv = (await getJson('/chapters/KJV:John.3/commentaries.js', token)).body.commentaries
        .entry as any[];
      const web = (await getJson('/chapters/WEB:John.3/commentaries.js', token)).body.commentaries
        .entry as any[];
      const kjvLinks = kjv.flatMap((e) => hrefs(e.text));
      const webLinks = web.flatMap((e) => hrefs(e.text));
      expect(kjvLinks).toContain('/verses/KJV:Ps.51.5');
      expect(webLinks).toContain('/verses/WEB:Ps.51.5');
      expect(webLinks).toHaveLength(kjvLinks.length);
      // Every link the WEB has the verse for goes to the WEB.
      expect(webLinks.filter((h) => h.includes('/KJV:'))).toEqual(
        kjvLinks.filter(
          (h) =>
            h.includes('/KJV:') &&
            pathInVersion(cat, 'WEB', h.replaceAll('&amp;', '&')).includes('/KJV:'),
        ),
      );
      const html = await (await call('/chapters/WEB:John.3/commentaries', token)).text();
      expect(html).toContain('href="/verses/WEB:Ps.51.5"');
      // The entry's heading links its passage in the version read too.
      expect(html).toMatch(
        /<h2><span>[^<]*<\/span> · <a href="\/chapters\/WEB:John\.3\/verses\?start=1&amp;end=/,
      );
    },
  );

  it.skipIf(!HAS_RV1909)(
    "gives each commentary entry its passage as the version read cites it (`in_version`): the version's book names and numbering",
    async () => {
      const held = (osis: string, version: string) => {
        const p = passageInVersion(cat, version, parsePassage(cat, osis)!);
        return (
          p &&
          `${p.book.version}:${p.book.name} ${p.startChapter}:${p.startVerse}-${p.endChapter}:${p.endVerse}`
        );
      };
      // KJV Jonah 1:17 is the RV1909's Jonah 2:1; a whole chapter is the version's chapter.
      expect(held('Jonah.1.13-Jonah.1.17', 'RV1909')).toBe('RV1909:Jonás 1:13-2:1');
      expect(held('John.3.16', 'RV1909')).toBe('RV1909:Juan 3:16-3:16');
      expect(held('Jonah.1', 'RV1909')).toBe('RV1909:Jonás 1:1-1:16');
      expect(held('John.3.16', 'KJV')).toBe('KJV:John 3:16-3:16');
      const entries = (path: string) =>
        getJson(path, token).then((r) => r.body.commentaries.entry as any[]);
      const rv = await entries('/verses/RV1909:Jonah.2.1/commentaries.js');
      const scofield = rv.find((e) => e.commentary === 'Scofield');
      expect(scofield.passage).toMatchObject({ reference: 'Jonah 1:17', start: 'KJV:Jonah.1.17' });
      expect(scofield.in_version).toEqual({
        reference: 'Jonás 2:1',
        start: 'RV1909:Jonah.2.1',
        end: 'RV1909:Jonah.2.1',
        path: '/verses/RV1909:Jonah.2.1',
      });
      const john = await entries('/chapters/RV1909:John.3/commentaries.js');
      expect(john.map((e) => e.in_version.reference)).toContain('Juan 3:16');
      // The KJV's own entries have none: their passage is the one read.
      const kjv = await entries('/chapters/KJV:John.3/commentaries.js');
      expect(kjv.filter((e) => 'in_version' in e)).toEqual([]);
    },
  );
});
