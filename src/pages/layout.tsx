import type { Child } from 'hono/jsx';
import { FONT_LICENCE, SITE_FONTS } from '../api/fonts';
import { useMessages } from './messages';

/** The families of the site's fonts, each once (the footer credits them). */
const FONT_FAMILIES = [...new Set(SITE_FONTS.map((f) => f.family))];

/**
 * The one layout of the reading site: every page is a full HTML document with the
 * page's language, a viewport, a skip link, the site navigation with a search box, and the page's
 * `prev`/`next` links in the head. Styles and scripts come from /assets (no inline code, no CDN),
 * which the page Content-Security-Policy (src/http/html.ts) allows and nothing else.
 */
export interface PageLinks {
  prev?: string;
  next?: string;
}

export interface LayoutProps {
  title: string;
  /**
   * BCP 47 language of the page's scripture (src/pages/lang.ts) when it is not the interface's
   * (a French version has no table yet: its pages are in English around French text).
   */
  lang?: string;
  links?: PageLinks;
  /** Scripts of /assets/ this page needs (the verse page's note form). */
  scripts?: string[];
  /** Whether the personal links (notes, taggings) are shown: API version 1 only. */
  personal?: boolean;
  query?: string;
  children?: Child;
}

export function Layout(props: LayoutProps) {
  const t = useMessages();
  const lang = props.lang ?? t.lang;
  // The site's own text is in the interface language; marked when the page's language differs.
  const ui = lang === t.lang ? undefined : t.lang;
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>
          {props.title} · {t.site.name}
        </title>
        <link rel="stylesheet" href="/assets/site.css" />
        {props.links?.prev ? <link rel="prev" href={props.links.prev} /> : null}
        {props.links?.next ? <link rel="next" href={props.links.next} /> : null}
        {(props.scripts ?? []).map((s) => (
          <script src={`/assets/${s}`} defer></script>
        ))}
      </head>
      <body>
        <a class="skip" href="#main" lang={ui}>
          {t.site.skipToContent}
        </a>
        <header class="site" lang={ui}>
          <div class="bar">
            <a class="brand" href="/">
              {t.site.name}
            </a>
            <nav aria-label={t.site.navigation}>
              <ul>
                <li>
                  <a href="/versions">{t.site.versions}</a>
                </li>
                <li>
                  <a href="/bookgroups">{t.site.bookGroups}</a>
                </li>
                {props.personal !== false ? (
                  <>
                    <li>
                      <a href="/user/notes">{t.site.myNotes}</a>
                    </li>
                    <li>
                      <a href="/user/taggings">{t.site.myTags}</a>
                    </li>
                  </>
                ) : null}
              </ul>
            </nav>
            {/* Named: a page with a search of its own (the topic search) has two search landmarks. */}
            <form
              class="search"
              role="search"
              aria-label={t.site.searchLabel}
              action="/search"
              method="get"
            >
              <label class="skip" for="site-search">
                {t.site.searchLabel}
              </label>
              <input
                id="site-search"
                type="search"
                name="query"
                value={props.query ?? ''}
                placeholder={t.site.searchPlaceholder}
              />
              <button type="submit">{t.site.searchButton}</button>
            </form>
          </div>
        </header>
        <main id="main">{props.children}</main>
        <footer class="site" lang={ui}>
          <p>
            {t.site.footer[0]}
            <code>.xml</code>
            {t.site.footer[1]}
            <code>.js</code>
            {t.site.footer[2]}
            <a href="/docs">{t.site.footer[3]}</a>
            {t.site.footer[4]}
          </p>
          <p>{t.site.fonts(FONT_FAMILIES, FONT_LICENCE)}</p>
        </footer>
      </body>
    </html>
  );
}
