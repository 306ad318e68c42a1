/**
 * The verse page's note form, enhanced: it posts the note to the JSON API (`POST /notes.js`) with
 * `fetch` and adds the created note to the list without a reload. Served at /assets/note-form.js
 * (`script-src 'self'`). The browser sends the Basic credentials it already holds for this origin
 * (same-origin fetch), so the token never appears in the page. Without JavaScript the page still
 * reads; the form then says that JavaScript is needed to save. Its words come from the form's
 * `data-saving`, `data-saved`, `data-not-saved` and `data-unreachable` (the message table of the
 * page's language, src/pages/messages). The form's `public` checkbox publishes the note for every
 * reader (`"public": 1`, docs/public-notes.md); the note then carries the mark `data-public-mark`.
 */
(function () {
  var form = document.querySelector('form.note-form');
  if (!form) return;
  var status = form.querySelector('[role="status"]');
  var say = function (name) {
    return form.getAttribute('data-' + name);
  };
  var list = document.getElementById('my-notes');
  form.querySelector('button').disabled = false;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    var verse = form.getAttribute('data-verse');
    var body = {
      note: {
        title: String(data.get('title') || ''),
        content: String(data.get('content') || ''),
        references: [{ start: verse, end: verse }],
      },
    };
    if (data.get('public') === '1') body.note.public = 1;
    status.textContent = say('saving');
    fetch('/notes.js', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (res) {
        return res.json().then(function (json) {
          return { ok: res.ok, json: json };
        });
      })
      .then(function (r) {
        if (!r.ok) {
          status.textContent = say('not-saved') + ' ' + [].concat(r.json.errors.error).join('; ');
          return;
        }
        var note = r.json.notes.note[0];
        var item = document.createElement('article');
        item.className = 'note';
        // The reader's text isolated, as the server's pages show it (<bdi>, dir=auto).
        var h = document.createElement('h3');
        var title = document.createElement('bdi');
        title.textContent = note.title;
        h.appendChild(title);
        if (Number(note.public) === 1) {
          var mark = document.createElement('span');
          mark.className = 'muted';
          mark.textContent =
            ' (' + say('public-mark') + (note.moderated ? ': ' + note.moderated : '') + ')';
          h.appendChild(mark);
        }
        item.appendChild(h);
        var p = document.createElement('p');
        p.dir = 'auto';
        p.textContent = note.content;
        item.appendChild(p);
        var empty = document.getElementById('no-notes');
        if (empty) empty.remove();
        list.appendChild(item);
        form.reset();
        status.textContent = say('saved');
      })
      .catch(function () {
        status.textContent = say('unreachable');
      });
  });
})();
