/**
 * The chapter page's interlinear view, for versions whose words carry Strong's
 * numbers (KJV, WLC, TR). The switch (`#interlinear-toggle`, `aria-pressed`) is hidden in the page
 * and shown here; on first use this fetches `GET /chapters/{id}/words.js` (same origin, the
 * browser's Basic credentials) and shows each verse's words as buttons: the word, its Strong's
 * numbers and the original beside it (the Greek words a KJV New Testament word renders, or the
 * lexicon's headword). A word opens a panel under its verse, without leaving the page, with its
 * parsing and the lexicon entry of each number (`GET /strongs/{n}.js`); Escape or the close
 * button closes it and focus goes back to the word. The choice is remembered (localStorage).
 * Its words come from the page (`data-*` of #interlinear-controls: the message table of the
 * page's language). Served at /assets/interlinear.js (`script-src 'self'`, no inline code).
 */
(function () {
  var controls = document.getElementById('interlinear-controls');
  var toggle = document.getElementById('interlinear-toggle');
  var scripture = document.querySelector('main .scripture');
  if (!controls || !toggle || !scripture) return;
  var status = controls.querySelector('[role="status"]');
  var KEY = 'scripture-edge:interlinear';
  var view = null;
  var loading = false;
  var verses = [];
  var entries = {};
  var panel = null;
  var opened = null;
  var request = 0;

  function say(name) {
    return controls.getAttribute('data-' + name) || '';
  }
  function list(x) {
    return x === undefined || x === null || x === '' ? [] : [].concat(x);
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  /** The script of a Strong's number's language: Hebrew right to left, Greek. */
  function scriptOf(number, node) {
    if (number.charAt(0) === 'H') {
      node.lang = 'he';
      node.dir = 'rtl';
    } else {
      node.lang = 'grc';
    }
    return node;
  }
  function remember(on) {
    try {
      localStorage.setItem(KEY, on ? 'on' : 'off');
    } catch (e) {
      /* storage may be refused */
    }
  }
  function remembered() {
    try {
      return localStorage.getItem(KEY) === 'on';
    } catch (e) {
      return false;
    }
  }

  function wordButton(w, v, i) {
    var numbers = list(w.strongs);
    var originals = list(w.original);
    var after = (w.after || '').trim();
    var added = w.added === 'true' || w.added === true ? ' il-added' : '';
    if (!numbers.length && !originals.length) return el('span', 'il-plain' + added, w.text + after);
    var button = el('button', 'il-word');
    button.type = 'button';
    button.setAttribute('data-verse', String(v));
    button.setAttribute('data-word', String(i));
    var text = el('span', 'il-text' + added);
    if (w.text) {
      text.textContent = w.text + after;
    } else {
      // A Greek word the KJV leaves untranslated: a dash, and the words for screen readers.
      text.className += ' il-untranslated';
      var dash = el('span', '', '—');
      dash.setAttribute('aria-hidden', 'true');
      text.appendChild(dash);
      text.appendChild(el('span', 'vh', say('untranslated')));
    }
    button.appendChild(text);
    var ids = numbers.map(function (s) {
      return s.id;
    });
    if (!ids.length)
      ids = originals
        .filter(function (o) {
          return o.strongs;
        })
        .map(function (o) {
          return o.strongs.id;
        });
    button.appendChild(el('span', 'il-num', ids.join(' ')));
    // The original beside it: the Greek words rendered (KJV NT), else the lexicon's headwords,
    // unless the word is itself the original (WLC, TR) and the headword says nothing more.
    var original = originals.length
      ? originals
          .map(function (o) {
            return o.text;
          })
          .join(' ')
      : numbers
          .map(function (s) {
            return s.word || '';
          })
          .filter(function (s) {
            return s && s !== w.text;
          })
          .join(' ');
    if (original && ids.length)
      button.appendChild(scriptOf(ids[0], el('span', 'il-orig', original)));
    return button;
  }

  /** The Greek positions of the words a KJV word renders (none for other versions). */
  function positions(w) {
    return list(w.original).map(function (o) {
      return Number(o.position);
    });
  }

  /**
   * The order a verse's words are shown in: the KJV's, except for the Greek words it leaves
   * untranslated, which the tags list first in the verse whatever their place in the Greek. Each
   * is shown at its Greek position: before the word that renders the next Greek word (an article
   * before its noun: "whosoever — believeth" for πας ο πιστευων), or, when no later Greek word is
   * rendered, after the word that renders the one before it. Returns the words with their indexes
   * in the verse (the panel finds a word by its index).
   */
  function shownOrder(words) {
    var shown = [];
    var loose = [];
    words.forEach(function (w, i) {
      var item = { w: w, i: i, at: positions(w) };
      (!w.text && item.at.length ? loose : shown).push(item);
    });
    loose.sort(function (a, b) {
      return Math.min.apply(null, a.at) - Math.min.apply(null, b.at);
    });
    loose.forEach(function (item) {
      var g = Math.min.apply(null, item.at);
      var next = -1;
      var nextAt = Infinity;
      var before = -1;
      var beforeAt = -Infinity;
      shown.forEach(function (other, k) {
        other.at.forEach(function (q) {
          if (q > g && q < nextAt) {
            nextAt = q;
            next = k;
          }
          if (q < g && q >= beforeAt) {
            beforeAt = q;
            before = k;
          }
        });
      });
      if (next >= 0) shown.splice(next, 0, item);
      else if (before >= 0) shown.splice(before + 1, 0, item);
      else shown.unshift(item);
    });
    return shown;
  }

  function build(words) {
    var box = el('div', 'interlinear');
    box.id = 'interlinear';
    box.lang = say('lang');
    if (say('dir')) box.dir = say('dir');
    verses = list(words.verse);
    verses.forEach(function (verse, v) {
      var number = verse.id.slice(verse.id.lastIndexOf('.') + 1);
      var line = el('div', 'il-verse');
      line.id = 'il-v' + number;
      var ref = el('a', 'il-ref', number);
      ref.href = verse.path;
      ref.setAttribute('aria-label', say('verse-label') + ' ' + number);
      line.appendChild(ref);
      shownOrder(list(verse.word)).forEach(function (item) {
        line.appendChild(wordButton(item.w, v, item.i));
      });
      box.appendChild(line);
    });
    box.addEventListener('click', function (event) {
      var button = event.target.closest ? event.target.closest('button.il-word') : null;
      if (button) open(button);
    });
    return box;
  }

  function show(on) {
    toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
    if (!on) close(false);
    if (view) {
      view.hidden = !on;
      scripture.hidden = on;
    }
  }

  function turn(on) {
    remember(on);
    show(on);
    if (!on || view || loading) return;
    loading = true;
    status.textContent = say('loading');
    fetch(controls.getAttribute('data-src'))
      .then(function (res) {
        return res.ok ? res.json() : Promise.reject(res.status);
      })
      .then(function (body) {
        view = build(body.words);
        scripture.parentNode.insertBefore(view, scripture.nextSibling);
        toggle.setAttribute('aria-controls', view.id);
        status.textContent = '';
        show(toggle.getAttribute('aria-pressed') === 'true');
      })
      .catch(function () {
        status.textContent = say('failed');
        show(false);
      })
      .then(function () {
        loading = false;
      });
  }

  function dl(rows) {
    var terms = el('dl');
    rows.forEach(function (row) {
      if (!row[1]) return;
      terms.appendChild(el('dt', '', row[0]));
      terms.appendChild(el('dd', row[2] || '', row[1]));
    });
    return terms;
  }

  function entryNode(e) {
    var article = el('article', 'wp-entry');
    var head = el('h3');
    head.appendChild(scriptOf(e.id, el('span', 'headword', e.word)));
    head.appendChild(document.createTextNode(' '));
    head.appendChild(el('span', 'strongs-number', e.id));
    article.appendChild(head);
    article.appendChild(
      dl([
        [say('transliteration'), e.transliteration, 'translit'],
        [say('definition'), e.definition],
        [say('kjv-renderings'), e.kjv_renderings],
      ]),
    );
    var links = el('p', 'wp-links');
    var lexicon = el('a', '', say('lexicon-entry'));
    lexicon.href = e.path;
    links.appendChild(lexicon);
    links.appendChild(document.createTextNode(' · '));
    var all = el('a', '', say('every-occurrence'));
    var here = list(e.occurrences).filter(function (o) {
      return o.version === say('version');
    })[0];
    all.href = here ? here.path : '/verses?strongs=' + encodeURIComponent(e.id);
    links.appendChild(all);
    article.appendChild(links);
    return article;
  }

  function lookUp(id) {
    if (!entries[id]) {
      entries[id] = fetch('/strongs/' + encodeURIComponent(id) + '.js')
        .then(function (res) {
          return res.ok ? res.json() : Promise.reject(res.status);
        })
        .then(function (body) {
          return list(body.strongs.entry)[0];
        });
      entries[id].catch(function () {
        delete entries[id];
      });
    }
    return entries[id];
  }

  function parsing(w) {
    var originals = list(w.original);
    if (originals.length) {
      return originals
        .map(function (o) {
          var text = list(o.morph)
            .map(function (m) {
              return m.text;
            })
            .join('; ');
          return text ? o.text + ': ' + text : '';
        })
        .filter(Boolean)
        .join(' · ');
    }
    return list(w.morph)
      .map(function (m) {
        return m.text;
      })
      .join('; ');
  }

  function buildPanel() {
    var box = el('section', 'word-panel');
    box.id = 'word-panel';
    // The panel speaks the interface's language, left to right, inside a Hebrew or Greek text.
    box.lang = say('ui-lang');
    box.dir = 'ltr';
    box.setAttribute('aria-labelledby', 'word-panel-title');
    var head = el('div', 'wp-head');
    var title = el('h2');
    title.id = 'word-panel-title';
    title.tabIndex = -1;
    head.appendChild(title);
    var shut = el('button', 'wp-close', say('close'));
    shut.type = 'button';
    shut.addEventListener('click', function () {
      close(true);
    });
    head.appendChild(shut);
    box.appendChild(head);
    box.appendChild(el('p', 'wp-parsing'));
    var body = el('div', 'wp-entries');
    body.setAttribute('aria-live', 'polite');
    box.appendChild(body);
    return box;
  }

  function open(button) {
    var verse = verses[Number(button.getAttribute('data-verse'))];
    var w = list(verse.word)[Number(button.getAttribute('data-word'))];
    if (!panel) panel = buildPanel();
    if (opened) opened.classList.remove('il-open');
    opened = button;
    button.classList.add('il-open');
    var line = button.parentNode;
    line.parentNode.insertBefore(panel, line.nextSibling);
    panel.hidden = false;
    var title = panel.querySelector('h2');
    title.textContent = say('panel') + ': ';
    var shown = el(
      'span',
      '',
      w.text ||
        list(w.original)
          .map(function (o) {
            return o.text;
          })
          .join(' '),
    );
    // The word in its own language, so that it gets that language's font (the Hebrew fonts carry
    // the cantillation marks the interface's font lacks) and direction.
    var textLang = button.closest('[lang]');
    textLang = textLang ? textLang.getAttribute('lang') : '';
    if (!w.text && list(w.original).length) shown.lang = 'grc';
    else if (textLang === 'he' || textLang === 'grc') shown.lang = textLang;
    if (shown.lang === 'he') shown.dir = 'rtl';
    title.appendChild(shown);
    title.appendChild(document.createTextNode(' (' + verse.reference + ')'));
    var morph = parsing(w);
    var parse = panel.querySelector('.wp-parsing');
    parse.textContent = '';
    parse.hidden = !morph;
    if (morph) {
      parse.appendChild(el('b', '', say('parsing') + ': '));
      parse.appendChild(document.createTextNode(morph));
    }
    var body = panel.querySelector('.wp-entries');
    body.textContent = '';
    var status = el('p', 'muted', say('loading'));
    body.appendChild(status);
    title.focus();
    var ids = [];
    list(w.strongs).forEach(function (s) {
      if (ids.indexOf(s.id) < 0) ids.push(s.id);
    });
    list(w.original).forEach(function (o) {
      if (o.strongs && ids.indexOf(o.strongs.id) < 0) ids.push(o.strongs.id);
    });
    var mine = ++request;
    Promise.all(
      ids.map(function (id) {
        return lookUp(id).then(
          function (e) {
            return e;
          },
          function () {
            return null;
          },
        );
      }),
    ).then(function (found) {
      if (mine !== request) return;
      body.textContent = '';
      found.forEach(function (e) {
        body.appendChild(e ? entryNode(e) : el('p', 'muted', say('entry-failed')));
      });
    });
  }

  function close(refocus) {
    if (!panel || panel.hidden) return;
    request++;
    panel.hidden = true;
    var word = opened;
    if (opened) opened.classList.remove('il-open');
    opened = null;
    if (refocus && word) word.focus();
  }

  document.addEventListener('keydown', function (event) {
    if ((event.key === 'Escape' || event.key === 'Esc') && panel && !panel.hidden) {
      event.preventDefault();
      close(true);
    }
  });
  toggle.addEventListener('click', function () {
    turn(toggle.getAttribute('aria-pressed') !== 'true');
  });
  controls.hidden = false;
  if (remembered()) turn(true);
})();
