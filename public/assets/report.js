/**
 * The verse page's report forms (docs/public-notes.md "Reporting"): each sends its note's report
 * to the JSON API (`POST /notes/{id}/reports.js`) with `fetch` and says in its status line what
 * happened (a second report, one's own note: the API's message). Same origin, the browser's Basic
 * credentials; served at /assets/report.js (`script-src 'self'`). Its words come from each form's
 * `data-sending`, `data-sent` and `data-not-sent` (the message table of the page's language).
 */
(function () {
  var forms = document.querySelectorAll('form.report-form');
  Array.prototype.forEach.call(forms, function (form) {
    var status = form.querySelector('[role="status"]');
    var button = form.querySelector('button');
    var say = function (name) {
      return form.getAttribute('data-' + name);
    };
    button.disabled = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var reason = String(new FormData(form).get('reason') || '');
      status.textContent = say('sending');
      fetch('/notes/' + form.getAttribute('data-note') + '/reports.js', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ report: { reason: reason } }),
      })
        .then(function (res) {
          return res.json().then(function (json) {
            return { ok: res.ok, json: json };
          });
        })
        .then(function (r) {
          if (!r.ok) {
            status.textContent = say('not-sent') + ' ' + [].concat(r.json.errors.error).join('; ');
            return;
          }
          status.textContent = say('sent');
          button.disabled = true;
        })
        .catch(function () {
          status.textContent = say('not-sent');
        });
    });
  });
})();
