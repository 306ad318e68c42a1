/**
 * The translators' notes on the reading pages (docs/footnotes.md "Pages"): each mark in the text
 * (`sup.fn-mark a`, src/pages/components/footnote-marks.ts) links to its note in the page's list,
 * which works without script. With it, tapping a mark or moving the keyboard's focus to it shows the
 * note beside the mark, without leaving the place; tapping it again, Escape or moving on hides it
 * (Escape gives the focus back to the mark). The note's words are the list item's own, copied as
 * nodes, never as HTML. Served at /assets/footnotes.js (`script-src 'self'`); no inline code.
 */
(function () {
  var marks = document.querySelectorAll('sup.fn-mark a');
  if (!marks.length) return;
  var box = document.createElement('div');
  box.className = 'fn-note';
  box.id = 'fn-note';
  box.setAttribute('role', 'note');
  box.hidden = true;
  // Inside the page's main landmark, where the marks are (axe-core: all content in landmarks).
  (document.querySelector('main') || document.body).appendChild(box);
  var shownFor = null;

  function noteOf(a) {
    return document.getElementById(a.getAttribute('href').slice(1));
  }

  function hide() {
    if (!shownFor) return;
    shownFor.setAttribute('aria-expanded', 'false');
    shownFor = null;
    box.hidden = true;
  }

  function show(a) {
    var item = noteOf(a);
    if (!item) return;
    if (shownFor === a) return;
    hide();
    while (box.firstChild) box.removeChild(box.firstChild);
    var words = item.querySelector('.fn-words') || item;
    [].forEach.call(words.childNodes, function (n) {
      box.appendChild(n.cloneNode(true));
    });
    if (item.lang) box.lang = item.lang;
    box.hidden = false;
    var r = a.getBoundingClientRect();
    var width = Math.min(360, document.documentElement.clientWidth - 16);
    box.style.maxWidth = width + 'px';
    var left = Math.max(
      8,
      Math.min(
        r.left + window.scrollX,
        window.scrollX + document.documentElement.clientWidth - width - 8,
      ),
    );
    box.style.left = left + 'px';
    box.style.top = r.bottom + window.scrollY + 4 + 'px';
    a.setAttribute('aria-expanded', 'true');
    shownFor = a;
  }

  // A tap focuses the mark before it clicks it: the click alone decides, so that the tap that
  // shows a note is not undone by its own click.
  var pointing = false;
  document.addEventListener('pointerdown', function () {
    pointing = true;
  });
  document.addEventListener('pointerup', function () {
    setTimeout(function () {
      pointing = false;
    }, 0);
  });

  [].forEach.call(marks, function (a) {
    a.setAttribute('aria-expanded', 'false');
    a.setAttribute('aria-controls', 'fn-note');
    a.addEventListener('click', function (e) {
      e.preventDefault();
      if (shownFor === a) hide();
      else show(a);
    });
    a.addEventListener('focus', function () {
      if (!pointing) show(a);
    });
    a.addEventListener('blur', function () {
      // Leaving the mark for the note itself (a link in it) keeps it.
      setTimeout(function () {
        if (shownFor === a && !box.contains(document.activeElement)) hide();
      }, 0);
    });
  });

  document.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape' || !shownFor) return;
    var a = shownFor;
    hide();
    a.focus({ preventScroll: true });
    // Focus shows the note again: Escape means closed until the reader moves on.
    hide();
  });
  document.addEventListener('click', function (e) {
    if (shownFor && !box.contains(e.target) && e.target !== shownFor) hide();
  });
})();
