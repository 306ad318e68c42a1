/**
 * The reference tagger for other sites (docs/tagger.md). One script tag on any page:
 *
 *   <script src="https://SERVICE/assets/tagger.js" data-key="rk_…" data-version="KJV" defer></script>
 *
 * finds the scripture references in the page's text as the service's passages parser reads them,
 * links each to the service's page of its verse or chapter, and shows its text beside it on hover
 * and on keyboard focus. Attributes: `data-key` (a publishable read key listing the page's
 * origin; required), `data-version` (default KJV), `data-language` (`en` or `es`; default the
 * page's `lang`). The service is the origin the script came from.
 *
 * How: the page's text nodes are walked (not scripts, styles, form fields, code or existing links);
 * around each number the words before it and the number are a candidate, and the candidates go to
 * the service in a few requests (`POST /references`, each within the service's bounds on texts,
 * numbers and words; at most MAX_REQUESTS a page, sent together), which answer where the
 * references stand in each. The preview is one request per reference a reader looks at, kept for
 * the page's life. The preview lives in a shadow root, so the page's styles do not reach it and its
 * styles do not reach the page; the links are the page's own `<a>` elements, styled as its links.
 * Nothing is sent but these texts and the key; the service's answers are written as text, never as
 * HTML.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var service = new window.URL(script.src).origin;
  var key = script.getAttribute('data-key') || '';
  var version = script.getAttribute('data-version') || 'KJV';
  var lang = (
    script.getAttribute('data-language') ||
    document.documentElement.lang ||
    'en'
  ).toLowerCase();
  var spanish = lang === 'es' || lang === 'spa' || lang.indexOf('es-') === 0;
  var WORDS = spanish
    ? { loading: 'Cargando…', failed: 'No se pudo cargar el texto.', more: '…' }
    : { loading: 'Loading…', failed: 'The text could not be loaded.', more: '…' };

  // The bounds of POST /references (src/api/limits.ts).
  var MAX_TEXTS = 100;
  var MAX_TEXT_LENGTH = 200;
  /** Numbers the texts of one request may hold together (the service's MAX_REFERENCE_NUMBERS). */
  var MAX_NUMBERS = 50;
  /** Words (runs of letters) they may hold together (the service's MAX_REFERENCE_WORDS). */
  var MAX_WORDS = 100;
  /** Requests a page sends at most: the rest of a longer page stays as it is. */
  var MAX_REQUESTS = 8;
  // Verses a preview shows at most: a chapter's whole text is a page, not a tooltip.
  var MAX_PREVIEW_VERSES = 6;

  /** Elements whose text is not prose to tag. */
  var SKIP =
    /^(A|SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TEXTAREA|INPUT|SELECT|OPTION|BUTTON|CODE|PRE|KBD|SAMP|VAR|SVG|MATH|IFRAME|OBJECT|HEAD|TITLE)$/;

  function skipped(el) {
    for (; el && el !== document.body; el = el.parentNode) {
      if (el.nodeType !== 1) continue;
      if (SKIP.test(el.nodeName.toUpperCase())) return true;
      if (el.isContentEditable || el.hasAttribute('data-no-tagger')) return true;
    }
    return false;
  }

  /** The words before a number, and the number with what continues it (3:16-18, 16.18, 3,16). */
  var NUMBER = /\d+(?:\s*[:.,]\s*\d+)*(?:\s*[-\u2010-\u2015]\s*\d+(?:\s*[:.,]\s*\d+)*)*/g;
  var WORDS_BEFORE = /(?:[^\s\d]+\.?\s+){0,3}(?:\d\s*)?[^\s\d]*\s*$/u;

  /** Candidates of one text node: [start, end) ranges holding a number and the words before it. */
  function candidates(text) {
    var out = [];
    var m;
    NUMBER.lastIndex = 0;
    while ((m = NUMBER.exec(text))) {
      var end = m.index + m[0].length;
      var before = text.slice(Math.max(0, m.index - 60), m.index);
      var words = WORDS_BEFORE.exec(before);
      var start = m.index - (words ? words[0].length : 0);
      // A book's name is written with letters: a number alone is no reference.
      if (!/\p{L}/u.test(text.slice(start, end))) continue;
      var last = out[out.length - 1];
      if (last && start <= last[1]) last[1] = end;
      else out.push([start, end]);
    }
    return out
      .map(function (r) {
        return [Math.max(r[0], r[1] - MAX_TEXT_LENGTH), r[1]];
      })
      .filter(function (r) {
        return r[1] > r[0];
      });
  }

  /**
   * The page's candidates, in document order, in batches that each fit one request: `items` and,
   * per batch, the index of its first item and the one after its last. A candidate that no
   * request could hold alone is left out.
   */
  function collect(root) {
    var walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    var items = [];
    var batches = [];
    var numbers = 0;
    var words = 0;
    var node;
    while ((node = walker.nextNode())) {
      if (!/\d/.test(node.data) || skipped(node.parentNode)) continue;
      var ranges = candidates(node.data);
      for (var i = 0; i < ranges.length; i++) {
        var text = node.data.slice(ranges[i][0], ranges[i][1]);
        var n = (text.match(/\d+/g) || []).length;
        var w = (text.match(/\p{L}+/gu) || []).length;
        if (n > MAX_NUMBERS || w > MAX_WORDS) continue;
        var batch = batches[batches.length - 1];
        if (
          !batch ||
          items.length - batch[0] >= MAX_TEXTS ||
          numbers + n > MAX_NUMBERS ||
          words + w > MAX_WORDS
        ) {
          if (batches.length === MAX_REQUESTS) return { items: items, batches: batches };
          batch = [items.length, items.length];
          batches.push(batch);
          numbers = 0;
          words = 0;
        }
        numbers += n;
        words += w;
        items.push({ node: node, offset: ranges[i][0], text: text });
        batch[1] = items.length;
      }
    }
    return { items: items, batches: batches };
  }

  function api(path, init) {
    var url =
      service + path + (path.indexOf('?') < 0 ? '?' : '&') + 'key=' + encodeURIComponent(key);
    return fetch(url, Object.assign({ credentials: 'omit' }, init)).then(function (res) {
      if (!res.ok) throw new Error(res.status + ' from ' + path);
      return res.json();
    });
  }

  /** `John.3.16` → { book, chapter, verse }. */
  function point(osis) {
    var p = osis.split('.');
    return { book: p[0], chapter: p[1] && Number(p[1]), verse: p[2] && Number(p[2]) };
  }

  /** The service's page of a reference: its verse's, or its (first) chapter's. */
  function pageOf(range) {
    var ends = range.split('-');
    var a = point(ends[0]);
    var id = version + ':' + a.book + '.' + a.chapter;
    if (a.verse && ends.length === 1) return service + '/verses/' + id + '.' + a.verse;
    return service + '/chapters/' + id + (a.verse ? '#v' + a.verse : '');
  }

  /** The API path of a reference's verses (its first range, within one book). */
  function versesPath(range) {
    var ends = range.split('-');
    var a = point(ends[0]);
    var b = point(ends[1] || ends[0]);
    var q = [];
    if (a.verse) q.push('start=' + a.verse);
    if (b.book === a.book && b.chapter !== a.chapter) q.push('end_chapter=' + b.chapter);
    if (b.book === a.book && b.verse) q.push('end=' + b.verse);
    return (
      '/chapters/' +
      encodeURIComponent(version + ':' + a.book + '.' + a.chapter) +
      '/verses.js' +
      (q.length ? '?' + q.join('&') : '')
    );
  }

  function tag(items, found) {
    // Per text node, from its end backwards, so that earlier offsets stay right.
    var perNode = new Map();
    found.forEach(function (r) {
      var item = items[r.text];
      if (!item) return;
      var list = perNode.get(item.node) || [];
      list.push({ start: item.offset + r.start, end: item.offset + r.end, osis: r.osis });
      perNode.set(item.node, list);
    });
    perNode.forEach(function (list, node) {
      list.sort(function (x, y) {
        return y.start - x.start;
      });
      var limit = node.data.length;
      list.forEach(function (r) {
        if (r.end > limit || r.start < 0 || r.start >= r.end) return;
        var range = r.osis.split(',')[0];
        var tail = node.splitText(r.end);
        var ref = node.splitText(r.start);
        var a = document.createElement('a');
        a.href = pageOf(range);
        a.setAttribute('data-scripture', range);
        a.className = 'scripture-ref';
        tail.parentNode.insertBefore(a, tail);
        a.appendChild(ref);
        watch(a);
        limit = r.start;
      });
    });
  }

  // The preview: one box for the page, in a shadow root of its own.
  var host = document.createElement('span');
  host.id = 'scripture-tagger-preview';
  host.setAttribute('role', 'tooltip');
  host.hidden = true;
  host.style.cssText = 'all: initial; position: absolute; z-index: 2147483647; display: none;';
  var shadow = host.attachShadow({ mode: 'open' });
  var sheet = new window.CSSStyleSheet();
  sheet.replaceSync(
    ':host { all: initial; }' +
      '.box { display: block; box-sizing: border-box; max-width: min(26rem, 90vw); padding: .6rem .8rem;' +
      ' background: #fffdf7; color: #222; border: 1px solid #8a7a5c; border-radius: 4px;' +
      ' box-shadow: 0 2px 8px rgba(0,0,0,.25); font: 15px/1.45 Georgia, "Times New Roman", serif; }' +
      '.ref { display: block; font-weight: bold; margin-bottom: .3rem; }' +
      '.text { display: block; }' +
      '.num { font-size: .75em; vertical-align: super; margin-right: .15em; }' +
      '.source { display: block; margin-top: .4rem; font: 12px/1.3 system-ui, sans-serif; color: #555; }',
  );
  shadow.adoptedStyleSheets = [sheet];
  var box = document.createElement('span');
  box.className = 'box';
  box.setAttribute('part', 'box');
  shadow.appendChild(box);

  var previews = new Map();
  var versionInfo = null;
  var shownFor = null;
  var hideTimer = 0;

  function span(className, text) {
    var s = document.createElement('span');
    s.className = className;
    s.textContent = text;
    return s;
  }

  /**
   * A verse's HTML from the service as plain text (parsed inert: nothing of it runs), without its
   * `sup` marks: the verse number, which the preview sets itself, and the notes' marks.
   */
  function plain(html) {
    var body = new window.DOMParser().parseFromString(html, 'text/html').body;
    body.querySelectorAll('sup').forEach(function (sup) {
      sup.remove();
    });
    return body.textContent || '';
  }

  function version_() {
    versionInfo =
      versionInfo ||
      api('/versions/' + encodeURIComponent(version) + '.js').then(function (body) {
        return body.versions.version[0];
      });
    return versionInfo;
  }

  function preview(range) {
    if (!previews.has(range))
      previews.set(
        range,
        Promise.all([api(versesPath(range)), version_()]).then(function (both) {
          return { verses: both[0].verses.verse, version: both[1] };
        }),
      );
    return previews.get(range);
  }

  function fill(a, content) {
    if (shownFor !== a) return;
    box.textContent = '';
    box.appendChild(span('ref', a.textContent));
    if (typeof content === 'string') {
      box.appendChild(span('text', content));
      return;
    }
    var text = span('text', '');
    content.verses.slice(0, MAX_PREVIEW_VERSES).forEach(function (v, i) {
      if (i) text.appendChild(document.createTextNode(' '));
      text.appendChild(span('num', String(v.verse)));
      text.appendChild(document.createTextNode(plain(v.text)));
    });
    if (content.verses.length > MAX_PREVIEW_VERSES)
      text.appendChild(document.createTextNode(' ' + WORDS.more));
    box.appendChild(text);
    var copyright = content.verses[0] && content.verses[0].copyright;
    box.appendChild(
      span('source', content.version.name + (copyright ? ' — ' + plain(copyright) : '')),
    );
  }

  function place(a) {
    var r = a.getBoundingClientRect();
    host.style.left = Math.max(0, r.left + window.scrollX) + 'px';
    host.style.top = r.bottom + window.scrollY + 4 + 'px';
  }

  function show(a) {
    window.clearTimeout(hideTimer);
    if (shownFor && shownFor !== a) shownFor.removeAttribute('aria-describedby');
    shownFor = a;
    a.setAttribute('aria-describedby', host.id);
    fill(a, WORDS.loading);
    host.hidden = false;
    host.style.display = 'block';
    place(a);
    preview(a.getAttribute('data-scripture')).then(
      function (content) {
        fill(a, content);
      },
      function () {
        fill(a, WORDS.failed);
      },
    );
  }

  function hide() {
    window.clearTimeout(hideTimer);
    if (!shownFor) return;
    shownFor.removeAttribute('aria-describedby');
    shownFor = null;
    host.hidden = true;
    host.style.display = 'none';
  }

  /** Hidden a moment after the pointer leaves, so that it can move onto the preview (WCAG 1.4.13). */
  function hideSoon() {
    window.clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 300);
  }

  function watch(a) {
    a.addEventListener('mouseenter', function () {
      show(a);
    });
    a.addEventListener('focus', function () {
      show(a);
    });
    a.addEventListener('mouseleave', hideSoon);
    a.addEventListener('blur', hide);
  }

  host.addEventListener('mouseenter', function () {
    window.clearTimeout(hideTimer);
  });
  host.addEventListener('mouseleave', hideSoon);
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && shownFor) hide();
  });

  function start() {
    var page = collect(document.body);
    var items = page.items;
    if (!items.length || !key) return;
    document.body.appendChild(host);
    // Every batch's answer, its texts numbered as the page's items, then one tagging: a text node
    // is split once, from its end backwards, whichever batches its candidates were in.
    Promise.all(
      page.batches.map(function (b) {
        return api('/references.js?language=' + (spanish ? 'spa' : 'eng'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            texts: {
              text: items.slice(b[0], b[1]).map(function (i) {
                return i.text;
              }),
            },
          }),
        }).then(function (body) {
          return (body.references.reference || []).map(function (r) {
            return { text: r.text + b[0], start: r.start, end: r.end, osis: r.osis };
          });
        });
      }),
    ).then(
      function (answers) {
        tag(items, [].concat.apply([], answers));
        document.documentElement.setAttribute('data-scripture-tagger', 'tagged');
      },
      function (err) {
        document.documentElement.setAttribute('data-scripture-tagger', 'refused');
        window.console.warn('scripture tagger: ' + err.message);
      },
    );
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
