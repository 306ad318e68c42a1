/**
 * The reading site's one stylesheet, served at /assets/site.css (src/routes/assets.ts) so
 * that the Content-Security-Policy can say `style-src 'self'` with no inline styles. No external
 * fonts: the system's serif for scripture, its sans-serif for the interface. Light and dark
 * schemes follow the reader's setting; print drops the navigation and forms.
 */
export const SITE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #fdfcf8; --fg: #1d1b16; --muted: #5c574b; --accent: #7a3410; --rule: #ddd6c6;
  --mark: #fbe7a1; --wj: #8f1d12; --panel: #f4f0e6; --focus: #1558b0;
  --serif: Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #17160f; --fg: #ece6d6; --muted: #b3ab98; --accent: #f0a878; --rule: #3d392d;
    --mark: #5a4a12; --wj: #f28b7d; --panel: #222017; --focus: #8ab4f8;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.5 var(--sans); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px;
}
.skip { position: absolute; left: -10000px; top: 0; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem 1rem; z-index: 10; }
header.site { border-bottom: 1px solid var(--rule); background: var(--panel); }
header.site .bar { max-width: 60rem; margin: 0 auto; padding: .5rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: center; }
header.site .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
header.site nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
form.search { display: flex; gap: .4rem; margin-left: auto; }
form.search input { min-width: 0; width: 14rem; max-width: 50vw; }
input, select, textarea, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--muted); border-radius: .3rem; padding: .35rem .5rem; }
button { background: var(--accent); color: var(--bg); border-color: var(--accent); cursor: pointer; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: .5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; }
.muted, .meta { color: var(--muted); font-size: .9rem; }
ul.plain { list-style: none; padding: 0; }
ul.columns { list-style: none; padding: 0; columns: 12rem; column-gap: 1.5rem; }
ul.chapters { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
ul.chapters a { display: inline-block; min-width: 2.75rem; padding: .45rem .5rem; text-align: center; border: 1px solid var(--rule); border-radius: .3rem; text-decoration: none; }
nav.pager { display: flex; justify-content: space-between; gap: 1rem; margin: 1.5rem 0; }
nav.pager a { padding: .4rem 0; }
.scripture { font: 1.2rem/1.75 var(--serif); max-width: 38rem; }
.scripture .para { display: block; margin-top: .75rem; }
.scripture sup { font: .7rem var(--sans); color: var(--muted); padding: 0 .15rem 0 .3rem; }
.scripture .add { font-style: italic; }
.scripture .wj { color: var(--wj); }
.scripture .title { display: block; font-style: italic; font-size: 1rem; color: var(--muted); margin: .5rem 0; }
.scripture em { background: var(--mark); color: inherit; font-style: normal; }
.reading { display: grid; grid-template-columns: minmax(0, 38rem) minmax(12rem, 1fr); gap: 2rem; align-items: start; }
.reading aside { font-size: .9rem; border-left: 3px solid var(--rule); padding-left: 1rem; }
.reading aside h2 { font-size: 1rem; margin-top: .5rem; }
.reading aside ul { list-style: none; padding: 0; margin: 0; }
.reading aside li { margin: .35rem 0; }
.scripture .annotated > span > sup, .scripture .annotated > sup, .scripture .annotated .para > span > sup { color: var(--accent); font-weight: 700; }
@media (max-width: 48rem) { .reading { grid-template-columns: 1fr; } .reading aside { border-left: 0; border-top: 3px solid var(--rule); padding: .5rem 0 0; } }
.parallel { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5rem; }
.parallel .scripture { font-size: 1.05rem; }
@media (max-width: 40rem) { .parallel { grid-template-columns: 1fr; } form.search { margin-left: 0; width: 100%; } form.search input { width: 100%; max-width: none; flex: 1; } }
.versions-bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .5rem 0 1rem; }
.result { border-bottom: 1px solid var(--rule); padding: .75rem 0; }
.result h2, .result h3 { font-size: 1rem; margin: 0 0 .25rem; font-family: var(--sans); }
.note { border: 1px solid var(--rule); border-radius: .4rem; padding: .75rem 1rem; margin: .75rem 0; background: var(--panel); }
.note h3 { margin: 0 0 .25rem; font-size: 1rem; }
.note p { white-space: pre-wrap; margin: .25rem 0; }
form.note-form { display: grid; gap: .5rem; max-width: 38rem; }
form.note-form label { font-weight: 600; }
.notice { padding: .75rem 1rem; border-left: 4px solid var(--accent); background: var(--panel); }
pre, code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9rem; }
pre { background: var(--panel); padding: .75rem; overflow-x: auto; border-radius: .3rem; }
footer.site { max-width: 60rem; margin: 2rem auto 0; padding: 1rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .85rem; }
@media print {
  header.site, footer.site nav, form, nav.pager, .skip, .versions-bar, .reading aside { display: none !important; }
  .reading { display: block; }
  body { background: #fff; color: #000; }
  main { max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  .scripture { max-width: none; font-size: 12pt; }
  .scripture .wj { color: #000; }
}
`;
