import type { NoteWithReferences } from '../annotations/personal/notes';
import type { ReferenceRow } from '../annotations/references';
import type { TaggingWithReferences } from '../annotations/personal/taggings';
import { hasNextPage, type Page } from '../http/paging';
import { Layout } from './layout';
import { useMessages } from './messages';

/**
 * The caller's own pages (v1 only, `private, no-store`): notes and taggings, each
 * reference a link to its verse (and to the passage when it spans verses). Fed by the same
 * Drizzle queries as /user/notes.xml and /user/taggings.xml.
 */

/** `KJV:John.3.16` → `/verses/KJV:John.3.16`; a range → the passage page of the range. */
export function referenceHref(r: Pick<ReferenceRow, 'start' | 'end'>): string {
  if (r.start === r.end) return `/verses/${r.start}`;
  const [version] = r.start.split(':');
  return `/passages?version=${encodeURIComponent(version)}&q[]=${encodeURIComponent(referenceText(r))}`;
}

/** `KJV:John.3.16`–`KJV:John.3.18` → `John 3:16-18` (the ids' OSIS form, which the parser reads). */
export function referenceText(r: Pick<ReferenceRow, 'start' | 'end'>): string {
  const point = (id: string) => {
    const [, rest = ''] = id.split(':');
    const [book, chapter, verse] = rest.split('.');
    return { book, chapter, verse };
  };
  const a = point(r.start);
  const b = point(r.end);
  if (r.start === r.end) return `${a.book} ${a.chapter}:${a.verse}`;
  if (a.book === b.book && a.chapter === b.chapter)
    return `${a.book} ${a.chapter}:${a.verse}-${b.verse}`;
  return `${a.book} ${a.chapter}:${a.verse}-${b.chapter}:${b.verse}`;
}

export function References(props: { references: ReferenceRow[] }) {
  return (
    <ul class="plain">
      {props.references.map((r) => (
        <li>
          <a href={referenceHref(r)}>
            {r.start.split(':')[0]} {referenceText(r)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Where a paged list is, and links to the pages before and after (src/http/paging.ts). */
export function ListPager(props: { page: Page; total: number; path: string; label: string }) {
  const t = useMessages();
  const { page, total } = props;
  if (total <= page.limit && page.offset === 0) return null;
  const link = (offset: number) => `${props.path}?offset=${offset}&limit=${page.limit}`;
  const last = Math.min(page.offset + page.limit, total);
  return (
    <>
      <p class="muted">
        {page.offset < total
          ? t.personal.range(page.offset + 1, last, total)
          : t.personal.beyond(total)}
      </p>
      <nav class="pager" aria-label={props.label}>
        {page.offset > 0 ? (
          <a rel="prev" href={link(Math.max(0, page.offset - page.limit))}>
            {t.personal.previousPage}
          </a>
        ) : (
          <span />
        )}
        {hasNextPage(page, total) ? (
          <a rel="next" href={link(page.offset + page.limit)}>
            {t.personal.nextPage}
          </a>
        ) : null}
      </nav>
    </>
  );
}

export function NotesPage(props: { notes: NoteWithReferences[]; page?: Page; total?: number }) {
  const t = useMessages();
  return (
    <Layout title={t.personal.notesTitle}>
      <h1>{t.personal.notesTitle}</h1>
      {props.notes.length || props.page?.offset ? null : <p class="muted">{t.personal.noNotes}</p>}
      {props.notes.map(({ note, references }) => (
        <article class="note" aria-labelledby={`note-${note.id}`}>
          <h2 id={`note-${note.id}`}>
            <bdi>{note.title}</bdi>
          </h2>
          <p dir="auto">{note.content}</p>
          <References references={references} />
          <p class="meta">{t.personal.updated(new Date(note.updatedAt))}</p>
        </article>
      ))}
      {props.page ? (
        <ListPager
          page={props.page}
          total={props.total ?? props.notes.length}
          path="/user/notes"
          label={t.personal.notesPages}
        />
      ) : null}
    </Layout>
  );
}

/** Taggings grouped by tag name, in name order. */
export function TaggingsPage(props: {
  taggings: TaggingWithReferences[];
  page: Page;
  total: number;
}) {
  const byTag = new Map<string, ReferenceRow[]>();
  for (const t of props.taggings)
    byTag.set(t.tagging.tagName, [...(byTag.get(t.tagging.tagName) ?? []), ...t.references]);
  const names = [...byTag.keys()].sort();
  const t = useMessages();
  return (
    <Layout title={t.personal.tagsTitle}>
      <h1>{t.personal.tagsTitle}</h1>
      {names.length ? null : <p class="muted">{t.personal.noTags}</p>}
      {names.map((name, i) => (
        <section aria-labelledby={`tag-${i}`}>
          <h2 id={`tag-${i}`}>
            <bdi>{name}</bdi>
          </h2>
          <References references={byTag.get(name)!} />
        </section>
      ))}
      <ListPager
        page={props.page}
        total={props.total}
        path="/user/taggings"
        label={t.personal.taggingsPages}
      />
    </Layout>
  );
}

export function NotePage(props: { item: NoteWithReferences }) {
  return <NotesPage notes={[props.item]} />;
}
