/**
 * The reading page's reference library: three folds in the margin, closed by default. Opening
 * one fetches the chapter's commentary entries (`/chapters/{id}/commentaries.js`), the topics
 * citing its verses (`/chapters/{id}/topics.js`) or its verses' cross-references with the text of
 * the first (`/chapters/{id}/cross-references.js?include=text`) once, same origin, and shows them
 * without leaving the page: each cross-reference a fold that shows its verse's text in place; each commentary entry is a fold of its own (its commentary and the
 * passage it covers), its text the build's safe HTML subset (p, b, i, ol, li, span, a), with a
 * link to the whole text when it was cut; each topic links to its page, with the verses of the
 * chapter it cites. The words come from the page (`data-*`: the message table of the page's
 * language, src/pages/messages), the entries' own text, the commentaries' and the topics' names
 * are English (`data-lang`), the passages are the version's (`in_version`). Served at
 * /assets/library.js (`script-src 'self'`); no inline code.
 */
(function () {
  var aside = document.getElementById('library');
  if (!aside) return;
  var say = function (name) {
    return aside.getAttribute('data-' + name);
  };
  var dataLang = say('lang');

  function link(href, text) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  }

  function commentaries(body, items) {
    var entries = [].concat(body.commentaries.entry || []);
    entries.forEach(function (e) {
      var fold = document.createElement('details');
      fold.className = 'library-entry';
      var summary = document.createElement('summary');
      // The commentary's name is English; its passage as a reader of this version cites it
      // (`in_version`: the version's book names and numbering), else the KJV's, English too.
      var name = document.createElement('span');
      name.textContent = e.name;
      if (dataLang) name.lang = dataLang;
      summary.appendChild(name);
      summary.appendChild(document.createTextNode(' · '));
      var passage = document.createElement('span');
      passage.textContent =
        (e.introduction ? say('introduction') + ': ' : '') + (e.in_version || e.passage).reference;
      if (dataLang && !e.in_version) passage.lang = dataLang;
      summary.appendChild(passage);
      fold.appendChild(summary);
      var text = document.createElement('div');
      text.className = 'library-text';
      if (dataLang) text.lang = dataLang;
      // The build's safe subset, escaped by the build: parsed inert in a template, then moved in.
      var template = document.createElement('template');
      template.innerHTML = e.text;
      text.appendChild(template.content);
      fold.appendChild(text);
      if (e.whole) {
        var p = document.createElement('p');
        p.appendChild(link(e.whole.path, say('whole')));
        fold.appendChild(p);
      }
      items.appendChild(fold);
    });
    return entries.length;
  }

  function topics(body, items) {
    var list = [].concat(body.topics.topic || []);
    var ul = document.createElement('ul');
    list.forEach(function (t) {
      var li = document.createElement('li');
      var name = link(t.path, t.name);
      if (dataLang) name.lang = dataLang;
      li.appendChild(name);
      var verses = [].concat(t.verses.verse || []);
      if (verses.length) {
        var where = document.createElement('span');
        where.className = 'muted';
        where.appendChild(document.createTextNode(' (' + say('verse-prefix') + ' '));
        verses.forEach(function (v, i) {
          if (i) where.appendChild(document.createTextNode(', '));
          where.appendChild(link('#v' + v, String(v)));
        });
        where.appendChild(document.createTextNode(')'));
        li.appendChild(where);
      }
      ul.appendChild(li);
    });
    if (list.length) items.appendChild(ul);
    return list.length;
  }

  /** A reference's text, shown in place: as the request gave it, else its verse read on opening. */
  function referenceText(r, box) {
    var fill = function (html) {
      // The verse's HTML as the API gives it (escaped by the build): parsed inert, then moved in.
      var template = document.createElement('template');
      template.innerHTML = html;
      box.appendChild(template.content);
    };
    if (r.text !== undefined) return fill(r.text);
    box.textContent = say('loading');
    fetch(r.path + '.js')
      .then(function (res) {
        return res.ok ? res.json() : Promise.reject(res.status);
      })
      .then(function (body) {
        box.textContent = '';
        fill(body.verses.verse[0].text);
      })
      .catch(function () {
        box.textContent = say('failed');
      });
  }

  /**
   * Each verse's references, in the Treasury's order as served: a fold per reference whose
   * opening shows the target's text in place, with a link to the verse's own page.
   */
  function crossReferences(body, items) {
    var verses = [].concat(body.cross_references.verse || []);
    verses.forEach(function (v) {
      var group = document.createElement('div');
      group.className = 'xref-verse';
      var number = v.id.split('.').pop();
      var head = document.createElement('p');
      head.appendChild(link('#v' + number, say('verse-prefix') + ' ' + number));
      group.appendChild(head);
      [].concat(v.reference || []).forEach(function (r) {
        var fold = document.createElement('details');
        fold.className = 'xref';
        var summary = document.createElement('summary');
        summary.textContent = r.name;
        fold.appendChild(summary);
        var box = document.createElement('div');
        box.className = 'xref-text scripture';
        fold.appendChild(box);
        var open = document.createElement('p');
        open.appendChild(link(r.path, say('open')));
        fold.appendChild(open);
        var shown = false;
        fold.addEventListener('toggle', function () {
          if (!fold.open || shown) return;
          shown = true;
          referenceText(r, box);
        });
        group.appendChild(fold);
      });
      items.appendChild(group);
    });
    return verses.length;
  }

  [].forEach.call(aside.querySelectorAll('details.library-fold'), function (fold) {
    var loaded = false;
    fold.addEventListener('toggle', function () {
      if (!fold.open || loaded) return;
      loaded = true;
      var status = fold.querySelector('[role="status"]');
      var items = fold.querySelector('.library-items');
      status.textContent = say('loading');
      fetch(fold.getAttribute('data-src'))
        .then(function (res) {
          return res.ok ? res.json() : Promise.reject(res.status);
        })
        .then(function (body) {
          var kind = fold.getAttribute('data-kind');
          var n =
            kind === 'commentaries'
              ? commentaries(body, items)
              : kind === 'topics'
                ? topics(body, items)
                : crossReferences(body, items);
          status.textContent = n ? '' : fold.getAttribute('data-none');
        })
        .catch(function () {
          loaded = false;
          status.textContent = say('failed');
        });
    });
  });
})();
