import { raw } from 'hono/html';
import { sameVersionId, verseId } from '../catalogue/ids';
import { verseReference } from '../catalogue/names';
import { chapterPath, versePath } from '../catalogue/paths';
import { versionById, versionOf, type Catalogue } from '../catalogue/store';
import type { KeywordHit } from '../search/keyword-search';
import type { LexiconValue } from '../snapshot/study-types';
import { normalizeStrongs, strongsPath } from '../snapshot/strongs';
import type { ConcordanceResult } from '../study/concordance';
import type { DifferenceKind } from '../study/greek-differences';
import type { GrammarResult } from '../study/grammar/search';
import { concordancePath } from '../study/lexicon';
import { Scripture } from './components/scripture';
import { htmlLang } from './lang';
import { Layout } from './layout';
import { useMessages } from './messages';
import { pageNumbers, ResultPager, versesHref } from './components/result-pages';

/**
 * The word-study pages: a Strong's number's lexicon page (`/strongs/G25`), its
 * concordance (`/verses?strongs=G25`), and the chapter page's interlinear controls, whose words
 * public/assets/interlinear.js fetches from `/chapters/{id}/words.js`. Fed by src/study, the same
 * modules as the API; nothing here reads KV or D1.
 */

/** How many KJV verses the lexicon page shows before its link to the whole concordance. */
export const LEXICON_OCCURRENCES = 20;

/**
 * Renderings listed per version on the concordance page before `and N more`, a link to the page
 * with all of them (`renderings=all`).
 */
const RENDERINGS_SHOWN = 40;

/**
 * `lang` and `dir` of text in an original language: Hebrew and Aramaic (`hbo`, `heb`) as `he`,
 * right to left (the tag fonts and screen readers know), Greek as `grc`, anything else as its
 * version's language (src/pages/lang.ts).
 */
export function scriptLang(lang: string | undefined): { lang: string; dir?: 'rtl' } {
  const code = (lang ?? '').toLowerCase();
  if (code === 'hbo' || code === 'heb' || code === 'he') return { lang: 'he', dir: 'rtl' };
  return { lang: htmlLang(code || undefined) };
}

/** The full names of the fuller lexicons (data: proper names, the same in every language). */
const FULLER_SOURCES: Record<string, string> = {
  BDB: 'Brown-Driver-Briggs, A Hebrew and English Lexicon of the Old Testament',
  'Abbott-Smith': 'G. Abbott-Smith, A Manual Greek Lexicon of the New Testament',
};

/** English data (Strong's text, the lexicons' copyright) is marked so on a page in another language. */
function useDataLang(): string | undefined {
  return useMessages().lang === 'en' ? undefined : 'en';
}

/** Runs of Hebrew (points and cantillation included) or Greek (polytonic included) within English text. */
const ORIGINAL_RUN =
  /([\u0591-\u05F4\uFB1D-\uFB4F]+(?:[\s\u05BE][\u0591-\u05F4\uFB1D-\uFB4F]+)*|[\u0370-\u03FF\u1F00-\u1FFF]+(?:\s[\u0370-\u03FF\u1F00-\u1FFF]+)*)/;

/** English text with the Hebrew and Greek words in it marked with their language and direction. */
function Marked(props: { text: string }) {
  const parts = props.text.split(ORIGINAL_RUN);
  return (
    <>
      {parts.map((part, i) => {
        if (!(i % 2)) return part;
        const { lang, dir } = scriptLang(/[\u0591-\u05F4\uFB1D-\uFB4F]/.test(part) ? 'hbo' : 'grc');
        return (
          <span lang={lang} dir={dir}>
            {part}
          </span>
        );
      })}
    </>
  );
}

/**
 * Plain text (Strong's definitions, derivations) with the Strong's numbers it names (`from G26`,
 * `H157`) as links to their pages and its Hebrew and Greek words marked.
 */
function NumberLinks(props: { text: string }) {
  const parts = props.text.split(/\b([HG]\d{1,5}[a-z]?)\b/);
  return (
    <>
      {parts.map((part, i) => {
        const number = i % 2 ? normalizeStrongs(part) : null;
        return number ? <a href={strongsPath(number)}>{part}</a> : <Marked text={part} />;
      })}
    </>
  );
}

/** The headword in its script: Hebrew right to left. */
function Headword(props: { entry: LexiconValue; class?: string }) {
  const { lang, dir } = scriptLang(props.entry.lang);
  return (
    <span class={props.class ?? 'headword'} lang={lang} dir={dir}>
      {props.entry.word}
    </span>
  );
}

/** A list of verses found (a concordance page), each with its reference, links and marked text. */
function Hits(props: {
  cat: Catalogue;
  hits: KeywordHit[];
  first: number;
  heading: 'h2' | 'h3';
  notes?: number[] | null;
}) {
  const t = useMessages();
  const { cat } = props;
  return (
    <ol class="plain" start={props.first}>
      {props.hits.map((h, i) => {
        const book = cat.books[h.bookIndex];
        const version = versionOf(cat, book);
        const { lang, dir } = scriptLang(version.lang);
        const notes = props.notes?.[i] ?? 0;
        const other = lang !== t.lang;
        const title = (
          <>
            <a href={versePath(book, h.chapter, h.entry.verse)}>
              {verseReference(book, h.chapter, h.entry.verse, h.entry.lastverse)}
            </a>{' '}
            <span class="muted">
              {version.abbreviation} ·{' '}
              <a href={`${chapterPath(book, h.chapter)}#v${h.entry.verse}`}>
                {t.search.chapterLink}
              </a>
            </span>
            {notes ? (
              <>
                {' '}
                <a class="note-badge" href={versePath(book, h.chapter, h.entry.verse)}>
                  {t.study.notes(notes)}
                </a>
              </>
            ) : null}
          </>
        );
        return (
          <li
            class={notes ? 'result has-notes' : 'result'}
            data-verse={verseId(book, h.chapter, h.entry.verse)}
          >
            {props.heading === 'h2' ? <h2>{title}</h2> : <h3>{title}</h3>}
            {other ? (
              <div lang={lang} dir={dir}>
                <Scripture html={h.entry.html} />
              </div>
            ) : (
              <Scripture html={h.entry.html} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

export interface LexiconPageProps {
  entry: LexiconValue;
  copyright: string;
  /** The first KJV verses of the number (the concordance's first page), or null when the KJV has none. */
  occurrences: ConcordanceResult | null;
  personal: boolean;
}

/** A Strong's number: Strong's entry, the fuller lexicons' entries, where it occurs. */
export function LexiconPage(props: LexiconPageProps) {
  const t = useMessages();
  const dataLang = useDataLang();
  const { entry, occurrences } = props;
  const hebrew = entry.number.startsWith('H');
  const kjv = occurrences ? occurrences.versions.map((v) => v.abbreviation).join(', ') : '';
  return (
    <Layout title={`${entry.number} ${entry.word}`} personal={props.personal}>
      <p class="muted">{hebrew ? t.study.hebrewLexicon : t.study.greekLexicon}</p>
      <h1 class="lexicon-title">
        <Headword entry={entry} /> <span class="strongs-number">{entry.number}</span>
      </h1>
      <dl class="lexicon">
        {entry.transliteration ? (
          <>
            <dt>{t.study.transliteration}</dt>
            <dd>
              <i>{entry.transliteration}</i>
            </dd>
          </>
        ) : null}
        {entry.pronunciation ? (
          <>
            <dt>{t.study.pronunciation}</dt>
            <dd>{entry.pronunciation}</dd>
          </>
        ) : null}
        {entry.definition ? (
          <>
            <dt>{t.study.definition}</dt>
            <dd lang={dataLang}>
              <NumberLinks text={entry.definition} />
            </dd>
          </>
        ) : null}
        {entry.kjvRenderings ? (
          <>
            <dt>{t.study.kjvRenderings}</dt>
            <dd lang={dataLang}>
              <NumberLinks text={entry.kjvRenderings} />
            </dd>
          </>
        ) : null}
        {entry.derivation ? (
          <>
            <dt>{t.study.derivation}</dt>
            <dd lang={dataLang}>
              <NumberLinks text={entry.derivation} />
            </dd>
          </>
        ) : null}
        {entry.related.length ? (
          <>
            <dt>{t.study.related}</dt>
            <dd>
              <ul class="inline">
                {entry.related.map((n) => (
                  <li>
                    <a href={strongsPath(n)}>{n}</a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {entry.fuller.length ? (
        <section aria-labelledby="fuller">
          <h2 id="fuller">{t.study.fuller}</h2>
          {entry.fuller.map((f, i) => (
            <article class="fuller" aria-labelledby={`fuller-${i}`}>
              <h3 id={`fuller-${i}`}>
                {FULLER_SOURCES[f.source] ?? f.source}{' '}
                <span class="muted">
                  (<span {...scriptLang(entry.lang)}>{f.headword}</span>)
                </span>
              </h3>
              {/* The build's safe HTML subset (p, b, i, ol, li, span lang, a href to this site). */}
              <div class="fuller-text" lang={dataLang}>
                {raw(f.html)}
              </div>
            </article>
          ))}
        </section>
      ) : null}
      {entry.occurrences.length ? (
        <section aria-labelledby="occurrences">
          <h2 id="occurrences">{t.study.occurrences}</h2>
          <ul class="plain occurrences">
            {entry.occurrences.map((o) => (
              <li>
                <a href={concordancePath(entry.number, o.version)}>{o.version}</a>:{' '}
                {t.study.occurrenceCount(o.occurrences, o.verses)}
              </li>
            ))}
          </ul>
          {occurrences && occurrences.hits.length ? (
            <>
              <h3 class="subhead">
                {t.study.firstOccurrences(occurrences.hits.length, occurrences.total, kjv)}
              </h3>
              <Hits cat={occurrences.cat} hits={occurrences.hits} first={1} heading="h3" />
              <p>
                <a href={concordancePath(entry.number, occurrences.versions[0].id)}>
                  {t.study.allOccurrences(occurrences.total, kjv)} →
                </a>
              </p>
            </>
          ) : null}
        </section>
      ) : null}
      {props.copyright ? (
        <p class="meta" lang={dataLang}>
          {props.copyright}
        </p>
      ) : null}
    </Layout>
  );
}

export interface ConcordancePageProps {
  result: ConcordanceResult;
  /** The number's lexicon entry (its headword in the title), null if there is none. */
  entry: LexiconValue | null;
  /** The versions tagged with numbers of this language (the version choice). */
  tagged: string[];
  params: URLSearchParams;
  /** The reader's notes on each hit (same order; API v1 only), or null. */
  notes: number[] | null;
  personal: boolean;
}

/** Every verse where a Strong's number (or the numbers a lemma heads) occurs, its counts per book and rendering, paged. */
export function ConcordancePage(props: ConcordancePageProps) {
  const t = useMessages();
  const { result, params, entry } = props;
  const { cat } = result;
  const { first, last, page: pageNumber } = pageNumbers(result);
  // By lemma: the lemma names the page; the numbers it heads follow, each a link to its entry.
  const title = t.study.concordanceTitle(result.lemma ?? result.numbers.join(', '));
  const byVersion = new Map<string, [string, number][]>();
  for (const [version, text, count] of result.renderings) {
    if (!byVersion.has(version)) byVersion.set(version, []);
    byVersion.get(version)!.push([text, count]);
  }
  const book = params.get('book');
  // `and N more` links to the same page with every rendering (`renderings=all`).
  const shown = result.allRenderings ? Infinity : RENDERINGS_SHOWN;
  return (
    <Layout
      title={entry && result.lemma === undefined ? `${title} ${entry.word}` : title}
      personal={props.personal}
    >
      <h1 class="lexicon-title">
        {title}
        {entry ? (
          <>
            {' '}
            <a href={strongsPath(entry.number)}>
              <Headword entry={entry} />
            </a>
          </>
        ) : result.lemma !== undefined && result.numbers.length ? (
          <>
            {' '}
            {result.numbers.map((n, i) => (
              <>
                {i ? ', ' : '('}
                <a href={strongsPath(n)}>{n}</a>
                {i === result.numbers.length - 1 ? ')' : ''}
              </>
            ))}
          </>
        ) : null}
      </h1>
      <form method="get" action="/verses" class="versions-bar" aria-label={t.search.options}>
        {result.lemma !== undefined ? (
          <>
            <label for="cc-lemma">{t.study.lemma}</label>
            <input id="cc-lemma" name="lemma" value={result.lemma} size={12} />
          </>
        ) : (
          <>
            <label for="cc-number">{t.study.number}</label>
            <input id="cc-number" name="strongs" value={result.numbers.join(',')} size={7} />
          </>
        )}
        <label for="cc-version">{t.search.version}</label>
        <select id="cc-version" name="version">
          <option value="">{t.study.allTagged}</option>
          {props.tagged.map((v) => (
            <option value={v} selected={sameVersionId(params.get('version') ?? '', v)}>
              {v}
            </option>
          ))}
        </select>
        <button type="submit">{t.search.submit}</button>
      </form>
      <p role="status">
        {result.total ? t.search.found(result.total, first, last, pageNumber) : t.search.none}{' '}
        <span class="muted">
          {t.search.searched(result.versions.map((v) => v.abbreviation).join(', '))}
        </span>
      </p>
      {result.perBook.length || byVersion.size ? (
        <div class="counts">
          {result.perBook.length ? (
            <PerBook
              cat={cat}
              perBook={result.perBook}
              params={params}
              book={book}
              withVersion={result.versions.length > 1}
            >
              {book ? (
                <li>
                  <a href={versesHref(params, { book: null, offset: null })}>
                    {t.search.wholeBible}
                  </a>
                </li>
              ) : null}
            </PerBook>
          ) : null}
          {byVersion.size ? (
            <section aria-labelledby="renderings">
              <h2 id="renderings">{t.study.renderings}</h2>
              {[...byVersion].map(([version, list]) => {
                const v = versionById(cat, version);
                const { lang, dir } = scriptLang(v?.lang);
                return (
                  <p>
                    {byVersion.size > 1 ? <b>{version}: </b> : null}
                    <span lang={lang} dir={dir}>
                      {list.slice(0, shown).map(([text, count], i) => (
                        <>
                          {i ? ', ' : ''}
                          {text || '—'} <span class="count">{count}</span>
                        </>
                      ))}
                    </span>
                    {list.length > shown ? (
                      <>
                        {' '}
                        <a
                          class="muted"
                          href={`${versesHref(params, { renderings: 'all' })}#renderings`}
                        >
                          {t.study.more(list.length - shown)}
                        </a>
                      </>
                    ) : null}
                  </p>
                );
              })}
            </section>
          ) : null}
        </div>
      ) : null}
      <Hits cat={cat} hits={result.hits} first={first} heading="h2" notes={props.notes} />
      <ResultPager result={result} params={params} />
    </Layout>
  );
}

export interface GrammarPageProps {
  result: GrammarResult;
  params: URLSearchParams;
  /** The reader's notes on each hit (same order; API v1 only), or null. */
  notes: number[] | null;
  personal: boolean;
}

/**
 * The verses of a grammar search (`/verses?stem=qal&form=wayyiqtol`), their matching words marked
 * (in the KJV the English that renders them), the verses per book, paged.
 */
export function GrammarPage(props: GrammarPageProps) {
  const t = useMessages();
  const { result, params } = props;
  const { cat } = result;
  const { first, last, page: pageNumber } = pageNumbers(result);
  const asked = [
    ...result.filters.map((f) => `${f.name} ${f.value}`),
    ...(result.lemma !== undefined ? [result.lemma] : (result.numbers ?? [])),
  ].join(', ');
  const book = params.get('book');
  return (
    <Layout title={t.study.grammarTitle(asked)} personal={props.personal}>
      <h1>{t.study.grammarTitle(asked)}</h1>
      <p role="status">
        {result.total ? t.search.found(result.total, first, last, pageNumber) : t.search.none}{' '}
        <span class="muted">
          {t.search.searched(result.versions.map((v) => v.abbreviation).join(', '))}
        </span>
      </p>
      {result.perBook.length ? (
        <PerBook cat={cat} perBook={result.perBook} params={params} book={book} withVersion />
      ) : null}
      <Hits cat={cat} hits={result.hits} first={first} heading="h2" notes={props.notes} />
      <ResultPager result={result} params={params} />
    </Layout>
  );
}

/**
 * The chapter page's interlinear switch (a tagged version's chapter): hidden until
 * public/assets/interlinear.js shows it, which fetches the chapter's words on first use and takes
 * its words from these `data-*` attributes (the message table of the page's language).
 */
export function InterlinearControls(props: { cat: Catalogue; bookIndex: number; chapter: number }) {
  const t = useMessages();
  const book = props.cat.books[props.bookIndex];
  const version = versionOf(props.cat, book);
  const { lang, dir } = scriptLang(version.lang);
  return (
    <div
      class="study-bar"
      id="interlinear-controls"
      hidden
      lang={htmlLang(version.lang) === t.lang ? undefined : t.lang}
      data-src={`${chapterPath(book, props.chapter)}/words.js`}
      data-version={version.id}
      data-lang={lang}
      data-dir={dir}
      data-ui-lang={t.lang}
      data-loading={t.study.loading}
      data-failed={t.study.failed}
      data-entry-failed={t.study.entryFailed}
      data-panel={t.study.panel}
      data-close={t.study.close}
      data-parsing={t.study.parsing}
      data-untranslated={t.study.untranslated}
      data-verse-label={t.study.verse}
      data-transliteration={t.study.transliteration}
      data-definition={t.study.definition}
      data-kjv-renderings={t.study.kjvRenderings}
      data-lexicon-entry={t.study.lexiconEntry}
      data-every-occurrence={t.study.everyOccurrence}
    >
      <button type="button" id="interlinear-toggle" aria-pressed="false">
        {t.study.interlinear}
      </button>
      <span role="status" class="muted"></span>
    </div>
  );
}

/** One difference as the verse page lists it (src/study/greek-differences.ts). */
export interface GreekDifferenceView {
  kind: DifferenceKind;
  tr?: string;
  sblgnt?: string;
}

/**
 * The edition's name before a word only where both editions' words are shown: an added or omitted
 * word's kind already says whose it is ("only in the TR: αυτου", not "only in the TR: TR αυτου").
 */
function edition(d: GreekDifferenceView, id: 'TR' | 'SBLGNT'): string {
  return d.kind === 'changed' || d.kind === 'spelling' ? `${id} ` : '';
}

/** A list of differences, each with its kind. */
function DifferenceList(props: { differences: GreekDifferenceView[] }) {
  const t = useMessages().study.greekDifferences;
  return (
    <ul>
      {props.differences.map((d) => (
        <li data-kind={d.kind}>
          {t.kinds[d.kind]}:{' '}
          {d.tr ? (
            <span lang="grc" class="tr">
              {edition(d, 'TR')}
              {d.tr}
            </span>
          ) : null}
          {d.tr && d.sblgnt ? ' → ' : null}
          {d.sblgnt ? (
            <span lang="grc" class="sblgnt">
              {edition(d, 'SBLGNT')}
              {d.sblgnt}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The verse page of the TR or the SBLGNT: the words where the other edition differs, each with
 * its kind, and the API's list (`/verses/{id}/greek-differences.js`) for the words' places. The
 * differences of spelling alone (a movable ν, an elided vowel) are counted apart and folded away
 * under their own summary, which a reader opens to see them.
 */
export function GreekDifferencesSection(props: {
  /** The other edition's id (`SBLGNT` on a TR page). */
  other: string;
  apiPath: string;
  differences: GreekDifferenceView[];
}) {
  const t = useMessages().study.greekDifferences;
  const real = props.differences.filter((d) => d.kind !== 'spelling');
  const spelling = props.differences.filter((d) => d.kind === 'spelling');
  return (
    <section class="greek-differences" aria-labelledby="greek-differences-heading">
      <h2 id="greek-differences-heading">{t.heading}</h2>
      <p class="muted">
        <a href={props.apiPath}>{t.count(real.length, props.other)}</a>
      </p>
      {real.length ? <DifferenceList differences={real} /> : null}
      {spelling.length ? (
        <details class="spelling">
          <summary>{t.spelling(spelling.length)}</summary>
          <DifferenceList differences={spelling} />
        </details>
      ) : null}
    </section>
  );
}

/**
 * The verses per book of a page of study results, each book a link narrowing the search to it
 * (the one searched already is plain text); `withVersion`: the book's version beside its name;
 * `children`: list items after the books.
 */
function PerBook(props: {
  cat: Catalogue;
  perBook: [string, number][];
  params: URLSearchParams;
  book: string | null;
  withVersion: boolean;
  children?: unknown;
}) {
  const t = useMessages();
  const { cat, params, book } = props;
  return (
    <section aria-labelledby="per-book">
      <h2 id="per-book">{t.study.perBook}</h2>
      <ul class="inline">
        {props.perBook.map(([id, count]) => {
          const index = cat.bookIndex.get(id.toLowerCase());
          const b = index === undefined ? undefined : cat.books[index];
          const label = b ? (props.withVersion ? `${b.name} (${b.version})` : b.name) : id;
          return (
            <li>
              {b && book?.toLowerCase() !== b.osis.toLowerCase() ? (
                <a href={versesHref(params, { book: b.osis, version: b.version, offset: null })}>
                  {label}
                </a>
              ) : (
                label
              )}{' '}
              <span class="count">{count}</span>
            </li>
          );
        })}
        {props.children}
      </ul>
    </section>
  );
}
