import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/pages/messages/en';
import { es } from '../../src/pages/messages/es';
import { call, getJson, HAS_RV1909, newUser } from '../support/http';

// Pages whose scripture is Spanish speak Spanish; every interface string comes from
// the message table of the page's language (src/pages/messages), numbers formatted with Intl.

let token: string;
beforeAll(async () => {
  token = (await newUser()).token;
});

const page = async (path: string) => {
  const res = await call(path, token);
  return { res, html: await res.text() };
};

/** Every plain string of the English table whose Spanish counterpart differs (the words a Spanish page must not show). */
function englishOnly(a: unknown = en, b: unknown = es, out: string[] = []): string[] {
  if (typeof a === 'string') {
    if (a !== b && a.trim().length > 3) out.push(a.trim());
  } else if (a && typeof a === 'object') {
    for (const [k, v] of Object.entries(a))
      englishOnly(v, (b as Record<string, unknown>)?.[k], out);
  }
  return out;
}

/**
 * The interface texts of a page: its text between tags (scripture included, which is Spanish
 * anyway) and the attributes that are read out or shown (aria-label, placeholder, the scripts'
 * data-* words), unescaped enough to compare.
 */
function interfaceTexts(html: string): string[] {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  // Elements marked English (the version's own description, an API error message) are data.
  const marked = html.replace(/<(p|ul|cite)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, '');
  const texts = marked
    .split(/<[^>]*>/)
    .map((s) => unescape(s).trim())
    .filter(Boolean);
  const attributes = [
    ...marked.matchAll(/ (?:aria-label|placeholder|data-(?!src|verse=)[a-z-]+)="([^"]*)"/g),
  ].map((m) => unescape(m[1]).trim());
  return [...texts, ...attributes];
}

/** The English interface strings found among a page's interface texts (as a whole text, or words within one). */
function englishIn(html: string): string[] {
  const texts = interfaceTexts(html);
  const within = (text: string, s: string) =>
    new RegExp(`(^|[^\\p{L}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u').test(
      text,
    );
  return englishOnly().filter((s) => texts.some((t) => within(t, s)));
}

describe('message tables', () => {
  it('give Spanish a text for every English one (the type requires the keys; none is left in English)', () => {
    const strings = englishOnly();
    expect(strings.length).toBeGreaterThan(60);
    // Spanish leaves no English text untranslated: the texts alike in both are `v.` and punctuation.
    const alike: string[] = [];
    const walk = (a: unknown, b: unknown) => {
      if (typeof a === 'string') {
        if (a === b && a.trim().length > 3) alike.push(a);
      } else if (a && typeof a === 'object')
        for (const [k, v] of Object.entries(a)) walk(v, (b as Record<string, unknown>)[k]);
    };
    walk(en, es);
    expect(alike).toEqual([]);
  });

  it('format numbers and dates per language with Intl', () => {
    expect(en.search.found(12345, 1, 15, 1)).toBe('12,345 verses found; showing 1–15 (page 1).');
    expect(es.search.found(12345, 1, 15, 1)).toBe(
      'Se encontraron 12.345 versículos; se muestran 1–15 (página 1).',
    );
    expect(es.search.found(1, 1, 1, 1)).toMatch(/^Se encontró 1 versículo;/);
    const date = new Date(Date.UTC(2026, 10, 25, 14, 3));
    expect(en.personal.updated(date)).toMatch(/November 25, 2026.*2:03.*PM UTC/);
    expect(es.personal.updated(date)).toMatch(/25 de noviembre de 2026.*14:03 UTC/);
  });
});

describe.skipIf(!HAS_RV1909)('the reading site in Spanish (RV1909)', () => {
  it('reads a chapter in Spanish: language, navigation, search form, version bar, pager', async () => {
    const { res, html } = await page('/chapters/RV1909:John.3');
    expect(res.status).toBe(200);
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain('<title>Juan 3 (RV1909) · Escritura</title>');
    for (const text of [
      'Ir al contenido',
      '>Versiones<',
      '>Grupos de libros<',
      '>Mis notas<',
      '>Mis etiquetas<',
      'placeholder="Juan 3:16 o palabras"',
      '>Buscar<',
      'Leer en:',
      'En paralelo con',
      '>Comparar<',
      'aria-label="Capítulos"',
      'Mis notas y etiquetas',
      'referencia de la API',
    ]) {
      expect(html, text).toContain(text);
    }
    // The margin's script takes its words from the page.
    expect(html).toContain('data-none="Aún no hay ninguna en este capítulo."');
    expect(englishIn(html)).toEqual([]);
    // The RV1909's copyright line is Spanish (data/versions.json), and nothing is marked English.
    expect(html).toContain(
      '<p class="meta">Dominio público. Reina-Valera 1909 (spaRV1909eb, edición Haiola de 2015), texto del paquete de Debian sword-text-sparv.</p>',
    );
    expect([...html.matchAll(/<(\w+)[^>]* lang="en"/g)].map((m) => m[1])).toEqual([]);
  });

  it('keeps the English pages English', async () => {
    const { html } = await page('/chapters/KJV:John.3');
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('Read in:');
    expect(html).toContain('data-none="None on this chapter yet."');
  });

  it('speaks Spanish on the version, book and verse pages', async () => {
    const version = (await page('/versions/RV1909')).html;
    expect(version).toContain('Antiguo Testamento');
    expect(version).toContain('Nuevo Testamento');
    expect(version).toContain('>Pentateuco<');
    expect(version).toContain('>Evangelios<');
    expect(englishIn(version)).toEqual([]);
    // Its description is English (marked so), its copyright line Spanish.
    expect(version).toContain('<p class="info" lang="en">The 1909 revision');
    expect(version).toContain('<p class="muted">Dominio público. Reina-Valera 1909');
    const book = (await page('/books/RV1909:John')).html;
    expect(book).toContain('<h2>Capítulos</h2>');
    expect(englishIn(book)).toEqual([]);
    const verse = (await page('/verses/RV1909:John.3.16')).html;
    for (const text of [
      'Mis notas sobre este versículo',
      'Aún no hay notas.',
      'Añadir una nota',
      '>Título<',
      '>Guardar la nota<',
      'data-saving="Guardando…"',
      'data-saved="Guardada."',
      '>Capítulo 3<',
    ]) {
      expect(verse, text).toContain(text);
    }
    expect(englishIn(verse)).toEqual([]);
  });

  it('speaks Spanish on a search of the RV1909, with the count formatted in Spanish', async () => {
    const query = 'keyword=de+y+la&precision=any&version=RV1909';
    const { body } = await getJson(`/verses.js?${query}&limit=1`, token);
    const total = Number(body.search.result.summary.total);
    expect(total).toBeGreaterThan(10_000);
    const { html } = await page(`/verses?${query}`);
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain(
      `Se encontraron ${new Intl.NumberFormat('es').format(total)} versículos; se muestran 1–15 (página 1).`,
    );
    expect(new Intl.NumberFormat('es').format(total)).toContain('.');
    for (const text of [
      'Búsqueda: de y la',
      '>Palabras<',
      '>Toda la Biblia<',
      '>Más pertinentes<',
      '>Orden bíblico<',
      'Página 2 →',
      'Versiones buscadas: RV1909.',
    ])
      expect(html, text).toContain(text);
    expect(englishIn(html)).toEqual([]);
    // language=spa alone is Spanish too; a search over every version is English.
    expect((await page('/verses?keyword=amor&language=spa')).html).toMatch(/<html lang="es">/);
    expect((await page('/verses?keyword=love')).html).toMatch(/<html lang="en">/);
  });

  it('speaks Spanish on the passages page of the RV1909 and on its error pages', async () => {
    const passages = (await page('/RV1909/passages?q[]=Juan+3:16')).html;
    expect(passages).toMatch(/<html lang="es">/);
    expect(passages).toContain('Leer en contexto: Juan 3');
    const missing = await page('/chapters/RV1909:John.99');
    expect(missing.res.status).toBe(404);
    expect(missing.html).toMatch(/<html lang="es">/);
    expect(missing.html).toContain('<h1>No encontrado</h1>');
    expect(missing.html).toContain('>Inicio<');
    // The error's own message is the API's, in English, and marked so.
    expect(missing.html).toContain('<ul lang="en">');
    expect((await page('/chapters/KJV:John.99')).html).toContain('<h1>Not found</h1>');
  });
});
