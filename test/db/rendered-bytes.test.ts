import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database } from '../../src/db/client';
import { renderedBytesSql } from '../../src/db/rendered-bytes';
import { renderedTextBytes } from '../../src/render/size';

/**
 * The rendered bytes of a text as SQLite counts them (src/db/rendered-bytes.ts) are at least
 * those the page's cut counts (src/render/size.ts), and the same but for the rarer control
 * characters: so the read of a page's text never leaves out a note the page holds.
 */
describe('renderedBytesSql', () => {
  it('counts what renderedTextBytes counts, controls but tab, line feed and carriage return aside', async () => {
    const db = database((env as unknown as { DB: D1Database }).DB);
    const texts = ['', 'plain', '&<>"\'\\', 'a\tb\nc\r', ']]>', 'ж日本語😀', '&<>"'.repeat(2_500)];
    for (const text of texts) {
      const [[n]] = await db.values<[number]>(sql`SELECT ${renderedBytesSql(sql`${text}`)}`);
      expect(n, JSON.stringify(text.slice(0, 20))).toBe(renderedTextBytes(text));
    }
    const [[control]] = await db.values<[number]>(
      sql`SELECT ${renderedBytesSql(sql`${'a\u0001b'}`)}`,
    );
    expect(control).toBeLessThanOrEqual(renderedTextBytes('a\u0001b'));
  });
});
