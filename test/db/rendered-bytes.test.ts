import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database } from '../../src/db/client';
import { renderedBytesSql } from '../../src/db/rendered-bytes';
import { renderedTextBytes } from '../../src/render/size';

/**
 * The rendered bytes of a text as SQLite counts them (src/db/rendered-bytes.ts) are at most those
 * the page's cut counts (src/render/size.ts), and exactly its UTF-8 bytes: so the read of a page's
 * text never leaves out a note the page holds.
 */
describe('renderedBytesSql', () => {
  it("counts a text's UTF-8 bytes, never more than renderedTextBytes", async () => {
    const db = database((env as unknown as { DB: D1Database }).DB);
    const texts = [
      '',
      'plain',
      '&<>"\'\\',
      'a\tb\nc\r',
      ']]>',
      'ж日本語😀',
      'a\u0001b',
      '&<>"'.repeat(2_500),
    ];
    for (const text of texts) {
      const [[n]] = await db.values<[number]>(sql`SELECT ${renderedBytesSql(sql`${text}`)}`);
      expect(n, JSON.stringify(text.slice(0, 20))).toBe(new TextEncoder().encode(text).length);
      expect(n).toBeLessThanOrEqual(renderedTextBytes(text));
    }
  });
});
