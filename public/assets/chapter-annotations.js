/**
 * The reading page's margin: the reader's own notes and tags on this chapter,
 * written on any version, from `GET /chapters/{id}/annotations.js` (same origin, the browser's
 * Basic credentials). The chapter page itself stays the same for everyone, so shared caches may
 * keep it; only this request is personal. Without JavaScript the margin says where to look.
 * The route answers a page of them (the first 100, fewer when long); when there are more, the
 * margin ends with a link to all of them (`data-all`).
 * Its words come from the page (`data-none`, `data-failed`, `data-verse-prefix`, `data-more`: the message
 * table of the page's language, src/pages/messages), so this one script serves every language.
 * Served at /assets/chapter-annotations.js (`script-src 'self'`).
 *
 * Under them, folded, others' public notes on the chapter (`#public-notes`, from
 * `GET /chapters/{id}/public-notes.js`, docs/public-notes.md): newest first, the reader's own left
 * out (they are above), each author by display name or the page's anonymous label. Every text is
 * set as text (`textContent`): nothing a note holds becomes markup or a link.
 */
(function () {
  /** A link to the first of a note's verses on this page, named by them ("v. 3–5"). */
  function verseLink(prefix, verses) {
    var where = document.createElement('a');
    where.href = '#v' + verses[0];
    where.textContent =
      prefix + ' ' + verses[0] + (verses.length > 1 ? '–' + verses[verses.length - 1] : '');
    return where;
  }

  var aside = document.getElementById('my-annotations');
  if (!aside) return;
  var own = {};
  var list = aside.querySelector('ul');
  var status = aside.querySelector('[role="status"]');
  fetch(aside.getAttribute('data-src'))
    .then(function (res) {
      return res.ok ? res.json() : Promise.reject(res.status);
    })
    .then(function (body) {
      var items = [].concat(body.annotations.annotation || []);
      status.textContent = items.length ? '' : aside.getAttribute('data-none');
      items.forEach(function (a) {
        var verses = a.verses.verse;
        var li = document.createElement('li');
        li.appendChild(verseLink(aside.getAttribute('data-verse-prefix'), verses));
        li.appendChild(document.createTextNode(' '));
        var what = document.createElement('a');
        // The reader's own text (a title, a tag name) isolated, so its direction reorders nothing around it.
        var text = document.createElement('bdi');
        if (a.kind === 'note') own[a.note.id] = true;
        if (a.kind === 'note') {
          what.href = '/notes/' + a.note.id;
          text.textContent = a.note.title;
        } else {
          what.href = '/user/taggings';
          text.textContent = '#' + a.tagging.tag.name;
        }
        what.appendChild(text);
        li.appendChild(what);
        var written = document.createElement('span');
        written.className = 'muted';
        written.textContent = ' (' + a.written_in + ')';
        li.appendChild(written);
        list.appendChild(li);
        verses.forEach(function (v) {
          var el = document.getElementById('v' + v);
          if (el) el.classList.add('annotated');
        });
      });
      var total = Number(body.annotations.summary && body.annotations.summary.total);
      if (total > items.length) {
        var more = document.createElement('a');
        more.href = aside.getAttribute('data-all');
        more.textContent = aside.getAttribute('data-more') + ' (' + total + ')';
        var p = document.createElement('p');
        p.appendChild(more);
        aside.appendChild(p);
      }
    })
    .catch(function () {
      status.textContent = aside.getAttribute('data-failed');
    })
    .then(publicNotes);

  function publicNotes() {
    var box = document.getElementById('public-notes');
    if (!box) return;
    var say = function (name) {
      return box.getAttribute('data-' + name);
    };
    var list = box.querySelector('ul');
    var note = box.querySelector('[role="status"]');
    var summary = box.querySelector('summary');
    fetch(say('src'))
      .then(function (res) {
        return res.ok ? res.json() : Promise.reject(res.status);
      })
      .then(function (body) {
        var items = [].concat(body.public_notes.public_note || []).filter(function (n) {
          return !own[n.id];
        });
        summary.textContent += ' (' + items.length + ')';
        note.textContent = items.length ? '' : say('none');
        items.forEach(function (n) {
          var verses = n.verses.verse;
          var li = document.createElement('li');
          li.className = 'note';
          li.appendChild(verseLink(say('verse-prefix'), verses));
          li.appendChild(document.createTextNode(' '));
          var title = document.createElement('bdi');
          title.textContent = n.title;
          var strong = document.createElement('strong');
          strong.appendChild(title);
          li.appendChild(strong);
          var by = document.createElement('span');
          by.className = 'muted';
          by.appendChild(document.createTextNode(' ' + say('by')));
          var author = document.createElement('bdi');
          // The API's label for an author without a display name, written in the page's language.
          author.textContent = n.author === say('anonymous-author') ? say('anonymous') : n.author;
          by.appendChild(author);
          li.appendChild(by);
          var content = document.createElement('p');
          content.dir = 'auto';
          content.textContent = n.content;
          li.appendChild(content);
          list.appendChild(li);
        });
      })
      .catch(function () {
        note.textContent = say('failed');
      });
  }
})();
