import { beforeAll, expect, it } from 'vitest';
import { call, newUser } from '../support/http';
import { createNote, createTagging, ensureCatalogue, JOHN_3_16 } from './helpers';

beforeAll(ensureCatalogue);

it('smoke', async () => {
  const { token } = await newUser();
  const { res, note } = await createNote(token, { title: 'T', content: 'C', references: [JOHN_3_16] });
  console.log(res.headers.get('Location'), JSON.stringify(note));
  const t = await createTagging(token, { name: 'faith', references: [JOHN_3_16, JOHN_3_16] }, 'js');
  console.log(JSON.stringify(t.tagging));
  for (const p of ['/user/notes.js', '/user/taggings.js', '/tags.js', '/user/tags.js', '/tags/faith.js', '/user/taggings/faith.xml', '/user.js', '/v2/notes/1.xml']) {
    const r = await call(p, token);
    console.log(p, r.status, await r.text());
  }
  expect(1).toBe(1);
});
