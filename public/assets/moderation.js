/**
 * The moderation queue page's forms, enhanced (docs/public-notes.md "Actions"): each applies its
 * action to its note through the JSON API (`PUT /moderation/notes/{id}.js`) with `fetch`, and
 * says what happened in its status line; the note's state on the page follows the answer. Same
 * origin, the browser's Basic credentials; served at /assets/moderation.js (`script-src 'self'`).
 * Its words come from each form's `data-working`, `data-done` and `data-failed` (the message
 * table of the page's language, src/pages/messages).
 */
(function () {
  var forms = document.querySelectorAll('form.moderate-form');
  Array.prototype.forEach.call(forms, function (form) {
    var status = form.querySelector('[role="status"]');
    var say = function (name) {
      return form.getAttribute('data-' + name);
    };
    form.querySelector('button').disabled = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var data = new FormData(form);
      var select = form.querySelector('select');
      status.textContent = say('working');
      fetch('/moderation/notes/' + form.getAttribute('data-note') + '.js', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          moderation: { action: String(data.get('action')), reason: String(data.get('reason')) },
        }),
      })
        .then(function (res) {
          return res.json().then(function (json) {
            return { ok: res.ok, json: json };
          });
        })
        .then(function (r) {
          if (!r.ok) {
            status.textContent = say('failed') + ' ' + [].concat(r.json.errors.error).join('; ');
            return;
          }
          var label = select.options[select.selectedIndex].textContent;
          status.textContent = say('done') + ' ' + label;
        })
        .catch(function () {
          status.textContent = say('failed');
        });
    });
  });
})();
