/**
 * John 3:16 in the KJV and the reader's notes, through the typed client:
 *   SCRIPTURE_URL=http://localhost:8787 SCRIPTURE_TOKEN=… npx tsx clients/typescript/example.ts
 */
import { createScriptureClient } from './src/index';

const client = createScriptureClient({
  baseUrl: process.env.SCRIPTURE_URL ?? 'http://localhost:8787',
  token: process.env.SCRIPTURE_TOKEN,
});

const { data, error } = await client.GET('/verses/{verse_id}.{format}', {
  params: { path: { verse_id: 'KJV:John.3.16', format: 'js' } },
});
if (error) throw new Error(JSON.stringify(error));
// Typed: the verse's reference and its text (HTML, as the contract gives it).
const verse = data.verses.verse[0]!;
console.log(verse.reference, (verse.text ?? '').replace(/<[^>]+>/g, ''));

const notes = await client.GET('/user/notes.{format}', {
  params: { path: { format: 'js' }, query: { limit: 5 } },
});
console.log(`${notes.data?.notes.summary?.total ?? 0} notes`);
