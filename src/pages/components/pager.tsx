/** A sibling page: where it is and what it is called (`John 4`, `Page 2 of 4`). */
export interface Sibling {
  path: string;
  name: string;
}

/** The previous and next links of a page (chapters, verses; the library's pages of a list or an entry). */
export function Pager(props: { previous?: Sibling | null; next?: Sibling | null; label: string }) {
  return (
    <nav class="pager" aria-label={props.label}>
      {props.previous ? (
        <a href={props.previous.path} rel="prev">
          ← {props.previous.name}
        </a>
      ) : (
        <span />
      )}
      {props.next ? (
        <a href={props.next.path} rel="next">
          {props.next.name} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
