import { describe, expect, it } from 'vitest';
import { call, newUser } from '../../support/http';
import {
  countRows,
  createTagging,
  errors,
  FORMATS,
  GEN_1_1,
  JOHN_3_16,
  list,
  read,
  send,
  taggingJson,
} from '../../support/annotations';
import { accountDb } from '../../support/shards';

/**
 * Tag names stay their owners' (docs/annotations.md "Tags"): a name one account alone uses is
 * listed, shown and usable by id for that account only; to another it is the 404 (or 422) of a
 * tag that does not exist. A name no tagging uses any more is gone, and names that reorder how
 * they read are refused.
 */
describe('tag names one account alone uses', () => {
  for (const format of FORMATS) {
    it(`are the same 404 as an unknown tag to another account, by id or name, shown or deleted (${format})`, async () => {
      const owner = await newUser();
      const other = await newUser();
      const name = `private ${format} ${Date.now()}`;
      const { tagging } = await createTagging(owner.token, { name, references: [GEN_1_1] });
      const id = tagging.tag_id ?? tagging.tag.id;
      const unknown = await call(`/tags/99999999.${format}`, other.token);
      expect(unknown.status).toBe(404);
      for (const key of [String(id), encodeURIComponent(name)]) {
        const shown = await call(`/tags/${key}.${format}`, other.token);
        expect(shown.status, key).toBe(404);
        const deleted = await call(`/tags/${key}.${format}`, other.token, { method: 'DELETE' });
        expect(deleted.status, key).toBe(404);
        // The owner sees it by id and by name.
        expect((await call(`/tags/${key}.${format}`, owner.token)).status, key).toBe(200);
      }
      expect(
        (
          await call(`/user/taggings/${encodeURIComponent(name)}.${format}`, other.token, {
            method: 'DELETE',
          })
        ).status,
      ).toBe(404);
      const listed = list(
        (await read(await call(`/tags.${format}?limit=500`, other.token), format)).tags.tag,
      ).map((t: any) => t.name);
      expect(listed).not.toContain(name);
      expect(await countRows('taggings', 'tag_id = ?', id)).toBe(1);
    });
  }

  it('cannot be used by id from another account (422, as an unknown id), so it never reaches the shared list that way', async () => {
    const owner = await newUser();
    const other = await newUser();
    const third = await newUser();
    const name = `kept to itself ${Date.now()}`;
    const { tagging } = await createTagging(owner.token, { name, references: [GEN_1_1] });
    const id = Number(tagging.tag_id ?? tagging.tag.id);
    const res = await send(
      'POST',
      '/user/taggings.js',
      other.token,
      taggingJson({ id, references: [JOHN_3_16] }),
      'js',
    );
    expect(res.status).toBe(422);
    expect((await errors(res, 'js')).join(' ')).toMatch(new RegExp(`tag id ${id} does not exist`));
    // Nor by changing one of its own taggings to it.
    const mine = await createTagging(
      other.token,
      { name: `its own ${Date.now()}`, references: [GEN_1_1] },
      'js',
    );
    const put = await send(
      'PUT',
      `/taggings/${mine.tagging.id}.js`,
      other.token,
      taggingJson({ id }),
      'js',
    );
    expect(put.status).toBe(422);
    expect(await countRows('taggings', 'tag_id = ?', id)).toBe(1);
    const listed = list(
      (await read(await call('/tags.js?limit=500', third.token), 'js')).tags.tag,
    ).map((t: any) => t.name);
    expect(listed).not.toContain(name);
  });

  it('becomes everyone’s once two accounts use it: listed, shown and usable by id', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const name = `together ${Date.now()}`;
    const first = await createTagging(a.token, { name, references: [GEN_1_1] }, 'js');
    await createTagging(b.token, { name, references: [JOHN_3_16] });
    const id = Number(first.tagging.tag.id);
    expect((await call(`/tags/${id}.js`, c.token)).status).toBe(200);
    const listed = list((await read(await call('/tags.js?limit=500', c.token), 'js')).tags.tag).map(
      (t: any) => t.name,
    );
    expect(listed).toContain(name);
    const byId = await send(
      'POST',
      '/user/taggings.js',
      c.token,
      taggingJson({ id, references: [GEN_1_1] }),
      'js',
    );
    expect(byId.status).toBe(201);
  });
});

describe('tag names no tagging uses', () => {
  it('go with the last tagging of the name: deleted, moved to another name, or its account gone', async () => {
    const { id: userId, token } = await newUser();
    const name = `short-lived ${Date.now()}`;
    const { tagging } = await createTagging(token, { name, references: [GEN_1_1] }, 'js');
    expect(await countRows('tags', 'name = ?', name)).toBe(1);
    expect((await call(`/taggings/${tagging.id}.js`, token, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(await countRows('tags', 'name = ?', name)).toBe(0);
    expect((await call(`/tags/${encodeURIComponent(name)}.js`, token)).status).toBe(404);

    // 30 renames of one tagging leave one name, the last (the write limit of the tests is 64 a minute).
    const renamed = await createTagging(token, { name: `${name} 0`, references: [GEN_1_1] }, 'js');
    for (let i = 1; i <= 30; i++) {
      const res = await send(
        'PUT',
        `/taggings/${renamed.tagging.id}.js`,
        token,
        taggingJson({ name: `${name} ${i}` }),
        'js',
      );
      expect(res.status).toBe(200);
    }
    expect(await countRows('tags', 'name LIKE ?', `${name} %`)).toBe(1);
    expect(await countRows('tags', 'name = ?', `${name} 30`)).toBe(1);

    // A name another account still uses stays; the account's own go with the account.
    const other = await newUser();
    await createTagging(other.token, { name: `${name} 30`, references: [JOHN_3_16] });
    await createTagging(token, { name: `${name} alone`, references: [JOHN_3_16] });
    await call(`/user/taggings/${encodeURIComponent(`${name} alone`)}.js`, token, {
      method: 'DELETE',
    });
    expect(await countRows('tags', 'name = ?', `${name} alone`)).toBe(0);
    await (await accountDb(userId)).prepare('DELETE FROM users WHERE id = ?').bind(userId).run();
    expect(await countRows('tags', 'name = ?', `${name} 30`)).toBe(1);
  });
});

describe('direction controls in names', () => {
  const CONTROLS = ['\u202e', '\u202a', '\u2066', '\u2069'];
  it('are refused in tag names, note titles and account names (422), and nothing is stored', async () => {
    const { id: userId, token } = await newUser();
    for (const control of CONTROLS) {
      const name = `${control}htiaf`;
      const tagging = await send(
        'POST',
        '/user/taggings.js',
        token,
        taggingJson({ name, references: [GEN_1_1] }),
        'js',
      );
      expect(tagging.status).toBe(422);
      expect((await errors(tagging, 'js')).join(' ')).toMatch(/direction controls/);
      const note = await send(
        'POST',
        '/notes.js',
        token,
        JSON.stringify({ note: { title: name, content: 'x', references: [GEN_1_1] } }),
        'js',
      );
      expect(note.status).toBe(422);
      const user = await send(
        'PUT',
        '/user.js',
        token,
        JSON.stringify({ user: { first_name: name } }),
        'js',
      );
      expect(user.status).toBe(422);
    }
    expect(await countRows('taggings', 'user_id = ?', userId)).toBe(0);
    expect(await countRows('notes', 'user_id = ?', userId)).toBe(0);
    // A note's content, read on its own, may carry them (right-to-left text quoted in a note).
    const content = await send(
      'POST',
      '/notes.js',
      token,
      JSON.stringify({
        note: { title: 'quoted', content: '\u2067שלום\u2069', references: [GEN_1_1] },
      }),
      'js',
    );
    expect(content.status).toBe(201);
  });

  it('pages isolate the reader’s text (<bdi>), so a stored name cannot reorder what stands around it', async () => {
    const { token } = await newUser();
    await createTagging(token, { name: 'עברית tag', references: [GEN_1_1] });
    for (const path of [
      '/user/taggings',
      `/tags/${encodeURIComponent('עברית tag')}`,
      '/user/tags',
    ]) {
      const html = await (await call(path, token)).text();
      expect(html, path).toMatch(/<bdi>(<!\[CDATA\[)?עברית tag/);
    }
  });
});

describe('whether another account uses a name, told by nothing one account sees', () => {
  it('a new name’s id is drawn at random, not the next in creation order', async () => {
    const { token } = await newUser();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { tagging } = await createTagging(token, {
        name: `fresh ${i} ${Date.now()}`,
        references: [GEN_1_1],
      });
      ids.push(Number(tagging.tag_id ?? tagging.tag.id));
    }
    // Twelve ids in rising order by chance: one in 479,001,600.
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(false);
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
  });

  it('/tags ranks a name the caller shares with one other account as one of its own, by name', async () => {
    const owner = await newUser();
    const prober = await newUser();
    const stamp = Date.now();
    const guessed = `zz guessed ${stamp}`;
    const own = `aa own ${stamp}`;
    await createTagging(owner.token, { name: guessed, references: [GEN_1_1] });
    await createTagging(prober.token, { name: own, references: [GEN_1_1] });
    await createTagging(prober.token, { name: guessed, references: [JOHN_3_16] });
    const res = await call('/tags.js?limit=500', prober.token);
    const names = list((await read(res, 'js')).tags.tag).map((t: any) => String(t.name));
    const mine = names.filter((n) => n === own || n === guessed);
    expect(mine).toEqual([own, guessed]);
  });
});
