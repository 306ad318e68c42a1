import type { Child } from 'hono/jsx';

/**
 * The one layout of the reading site (issue 10): every page is a full HTML document with the
 * page's language, a viewport, a skip link, the site navigation with a search box, and the page's
 * `prev`/`next` links in the head. Styles and scripts come from /assets (no inline code, no CDN),
 * which the page Content-Security-Policy (src/pages/respond.ts) allows and nothing else.
 */
export interface PageLinks {
  prev?: string;
  next?: string;
}

export interface LayoutProps {
  title: string;
  /** BCP 47 language of the page's scripture (src/pages/lang.ts); the interface is English. */
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
  const lang = props.lang ?? 'en';
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title} · Scripture</title>
        <link rel="stylesheet" href="/assets/site.css" />
        {props.links?.prev ? <link rel="prev" href={props.links.prev} /> : null}
        {props.links?.next ? <link rel="next" href={props.links.next} /> : null}
        {(props.scripts ?? []).map((s) => (
          <script src={`/assets/${s}`} defer></script>
        ))}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="site" lang="en">
          <div class="bar">
            <a class="brand" href="/">
              Scripture
            </a>
            <nav aria-label="Site">
              <ul>
                <li>
                  <a href="/versions">Versions</a>
                </li>
                <li>
                  <a href="/bookgroups">Book groups</a>
                </li>
                {props.personal !== false ? (
                  <>
                    <li>
                      <a href="/user/notes">My notes</a>
                    </li>
                    <li>
                      <a href="/user/taggings">My tags</a>
                    </li>
                  </>
                ) : null}
              </ul>
            </nav>
            <form class="search" role="search" action="/search" method="get">
              <label class="skip" for="site-search">
                Search the Bible
              </label>
              <input id="site-search" type="search" name="query" value={props.query ?? ''} placeholder="John 3:16 or words" />
              <button type="submit">Search</button>
            </form>
          </div>
        </header>
        <main id="main">
          {props.children}
        </main>
        <footer class="site" lang="en">
          <p>
            Public-domain Bible texts. The same addresses with <code>.xml</code> or <code>.js</code> give the data as XML or JSON (
            <a href="/docs">API reference</a>).
          </p>
        </footer>
      </body>
    </html>
  );
}
