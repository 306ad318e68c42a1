import { describe, expect, it } from 'vitest';
import { call, HAS_RV1909, newUser } from '../support/http';
import { JSON_TYPE } from '../support/annotations';
import { makeModerator } from '../support/shards';

/**
 * The verse page's list of others' public notes and the chapter page's fold for them
 * (docs/public-notes.md "Reading"): hostile text stays text, the reader's own are not repeated,
 * the author is a display name or the page's anonymous label.
 */

const HOSTILE_TITLE = '<script>alert(1)</script>';
const HOSTILE_CONTENT =
  '<img src=x onerror=alert(2)> <a href="javascript:alert(3)">click</a> https://spam.example/';

async function publish(token: string, title: string, content: string, verse: string) {
  const res = await call('/notes.js', token, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({
      note: {
        title,
        content,
        public: 1,
        references: { reference: [{ start: verse, end: verse }] },
      },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).notes.note[0].id as number;
}

async function page(path: string, token: string) {
  const res = await call(path, token);
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
}

describe('public notes on the reading pages', () => {
  it('the verse page lists others’ public notes as escaped text, never markup or links, and not the reader’s own', async () => {
    const author = await newUser();
    const reader = await newUser();
    await publish(author.token, HOSTILE_TITLE, HOSTILE_CONTENT, 'KJV:John.2.4');
    await publish(reader.token, 'my own public note', '', 'KJV:John.2.4');
    const { res, html } = await page('/verses/KJV:John.2.4', reader.token);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const section = html.slice(html.indexOf('id="public-notes-heading"'));
    expect(section).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(section).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(section).not.toMatch(/<script>alert|<img src=x|href="javascript:|href="https:\/\/spam/);
    expect(section).toContain('by an anonymous reader');
    // The reader's own public note is among their notes, marked public, not among others'.
    expect(section).not.toContain('my own public note');
    expect(html.slice(0, html.indexOf('id="public-notes-heading"'))).toMatch(
      /my own public note<\/bdi><\/a><span class="muted"> \(public\)/,
    );
  });

  it('shows the display name once the author sets one, and drops a withdrawn note at once', async () => {
    const author = await newUser();
    const reader = await newUser();
    await call('/user.js', author.token, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ user: { display_name: 'Obadiah’s reader' } }),
    });
    const id = await publish(author.token, 'edom', 'pride', 'KJV:John.2.3');
    const before = (await page('/verses/KJV:John.2.3', reader.token)).html;
    expect(before).toContain('by <bdi>Obadiah’s reader</bdi>');
    expect(before).toContain('edom');
    await call(`/notes/${id}.js`, author.token, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: '{"note":{"public":0}}',
    });
    expect((await page('/verses/KJV:John.2.3', reader.token)).html).not.toContain('edom');
  });

  it.skipIf(!HAS_RV1909)(
    'a Spanish verse page shows a KJV note in Spanish words around it',
    async () => {
      const author = await newUser();
      const reader = await newUser();
      await publish(author.token, 'luz del mundo', '', 'KJV:John.1.9');
      const { html } = await page('/verses/RV1909:John.1.9', reader.token);
      expect(html).toContain('Notas públicas de los lectores');
      expect(html).toContain('por un lector anónimo');
      expect(html).toContain('luz del mundo');
    },
  );

  it('the chapter page holds the folded margin box the script fills, and the publish checkbox is on the verse form', async () => {
    const { token } = await newUser();
    const chapter = (await page('/chapters/KJV:John.2', token)).html;
    expect(chapter).toContain('data-src="/chapters/KJV:John.2/public-notes.js"');
    expect(chapter).toMatch(/<aside id="public-notes"[^>]*><details><summary/);
    const verse = (await page('/verses/KJV:John.2.1', token)).html;
    expect(verse).toMatch(/<input type="checkbox" name="public" value="1"\/>/);
  });
});

describe('the moderation queue page', () => {
  it('shows a moderator the waiting notes with their reasons and an action form; a reader gets the 403 page', async () => {
    const author = await newUser();
    const mod = await newUser('moderator');
    await makeModerator(mod.id);
    const id = await publish(author.token, HOSTILE_TITLE, HOSTILE_CONTENT, 'KJV:John.2.5');
    const reporter = await newUser();
    const reported = await call(`/notes/${id}/reports.js`, reporter.token, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ report: { reason: '<b>spam</b>' } }),
    });
    expect(reported.status).toBe(200);
    const { res, html } = await page('/moderation/queue?limit=500', mod.token);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const item = html.slice(html.indexOf(`id="queued-${id}"`));
    expect(item).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(item).toContain('&lt;b&gt;spam&lt;/b&gt;');
    expect(item).toContain(`data-note="${id}"`);
    expect(item).toContain('<option value="remove">Remove</option>');
    expect(html).toContain('<script src="/assets/moderation.js"');
    const refused = await call('/moderation/queue', author.token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('Content-Type')).toMatch(/html/);
  });
});
