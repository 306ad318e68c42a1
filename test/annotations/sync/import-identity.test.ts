import { describe, expect, it } from 'vitest';
import { call, newUser } from '../../support/http';
import {
  countRows,
  createNote,
  createTagging,
  GEN_1_1,
  JOHN_3_16,
  list,
  noteXml,
  read,
  taggingXml,
  XML,
} from '../../support/annotations';

/**
 * The export carries each item's identity (id, created_at) and revision, so that an import never
 * brings back an older version of an item edited since the export, nor doubles it
 * (docs/sync.md "Export and import"); an import stays idempotent.
 */

const exportOf = async (token: string) => (await call('/user/export.xml', token)).text();
const importOf = async (token: string, doc: string) => {
  const res = await call('/user/import.xml', token, { method: 'POST', headers: XML, body: doc });
  expect(res.status).toBe(200);
  return (await read(res, 'xml')).import;
};

describe('export and import by identity', () => {
  it('the export carries each item revision; an import after an edit skips the edited item, racing or not', async () => {
    const { id: userId, token } = await newUser();
    const { note } = await createNote(token, { title: 'draft', references: [GEN_1_1] });
    const { tagging } = await createTagging(token, { name: 'draft tag', references: [GEN_1_1] });
    const doc = await exportOf(token);
    const exported = (await read(new Response(doc), 'xml')).export;
    expect(exported.notes.note.revision).toBe(String(note.revision));
    expect(exported.taggings.tagging.revision).toBe(String(tagging.revision));
    expect(exported.tags.tag.revision).toMatch(/^\d+$/);

    // Edit and import at once (as a second device restoring a backup while the first edits).
    const [edited, movedTagging, summary] = await Promise.all([
      call(`/notes/${note.id}.xml`, token, {
        method: 'PUT',
        headers: XML,
        body: noteXml({ title: 'final' }),
      }),
      call(`/taggings/${tagging.id}.xml`, token, {
        method: 'PUT',
        headers: XML,
        body: taggingXml({ name: 'draft tag', references: [JOHN_3_16] }),
      }),
      importOf(token, doc),
    ]);
    expect(edited.status).toBe(200);
    expect(movedTagging.status).toBe(200);
    expect(summary).toMatchObject({
      notes_added: '0',
      notes_skipped: '1',
      taggings_added: '0',
      taggings_skipped: '1',
    });
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(1);
    const shown = list((await read(await call('/user/notes.xml', token), 'xml')).notes.note);
    expect(shown.map((n) => n.title)).toEqual(['final']);
  });

  it('an item deleted since the export comes back (an import restores), once however often imported', async () => {
    const { id: userId, token } = await newUser();
    const { note } = await createNote(token, { title: 'restored', references: [GEN_1_1] });
    const doc = await exportOf(token);
    await call(`/notes/${note.id}.xml`, token, { method: 'DELETE' });
    expect(await importOf(token, doc)).toMatchObject({ notes_added: '1' });
    expect(await importOf(token, doc)).toMatchObject({ notes_added: '0', notes_skipped: '1' });
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(1);
  });

  it("another account's export is matched by content alone: its ids name nothing of the importer's", async () => {
    const a = await newUser();
    const b = await newUser();
    await createNote(a.token, { title: 'shared', references: [GEN_1_1] });
    const doc = await exportOf(a.token);
    expect(await importOf(b.token, doc)).toMatchObject({ notes_added: '1' });
    expect(await importOf(b.token, doc)).toMatchObject({ notes_added: '0', notes_skipped: '1' });
  });
});
