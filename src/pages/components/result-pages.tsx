import { useMessages } from '../messages';

/**
 * Paging of a list of verses found (`/verses`: keyword search and the concordance), written once
 * for both pages: the page's numbers from the API's `offset`, `limit` and `total`, the URL of the
 * same list with some parameters changed, and the previous/next links.
 */
export interface ResultPage {
  offset: number;
  limit: number;
  total: number;
}

/** First and last result shown (1-based) and the page number. */
export function pageNumbers(r: ResultPage): { first: number; last: number; page: number } {
  return {
    first: r.offset + 1,
    last: Math.min(r.offset + r.limit, r.total),
    page: Math.floor(r.offset / r.limit) + 1,
  };
}

/** `/verses?…` with `changes` applied to the request's parameters (null removes one). */
export function versesHref(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return `/verses?${next.toString()}`;
}

/** The previous and next links, when there is another page. */
export function ResultPager(props: { result: ResultPage; params: URLSearchParams }) {
  const t = useMessages();
  const { result, params } = props;
  const { last, page } = pageNumbers(result);
  const previousOffset = result.offset > 0 ? Math.max(0, result.offset - result.limit) : null;
  const nextOffset = last < result.total ? result.offset + result.limit : null;
  if (previousOffset === null && nextOffset === null) return null;
  return (
    <nav class="pager" aria-label={t.search.resultPages}>
      {previousOffset !== null ? (
        <a href={versesHref(params, { offset: String(previousOffset) })} rel="prev">
          ← {t.search.page(page - 1)}
        </a>
      ) : (
        <span />
      )}
      {nextOffset !== null ? (
        <a href={versesHref(params, { offset: String(nextOffset) })} rel="next">
          {t.search.page(page + 1)} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
