// GET /busca.js: the listing's one script, an enhancement only. In the filter sheet,
// choosing changes nothing until "Ver N eventos" is pressed: when the sheet opens, N is the
// listing's own count (the button's data-label); as choices change (a tap, an arrow key in
// a group, a date), N follows them, read from /busca.json a moment after the last change;
// a failed read leaves "Ver eventos". Focus never moves. Without JavaScript the same button
// reads "Ver eventos" and submits the form as it is.
//
// Listeners sit on the document and find the form when they run, and nothing changes
// before the person acts: a signed-in person's page is hydrated by React, which may put
// back the form it rendered, and would do so if its text had changed before hydration.
const SCRIPT = `(function () {
  var timer = 0, asked = 0, started = false;
  function parts() {
    var form = document.querySelector('form.search[data-count]');
    var button = form && form.querySelector('.sheet-submit button');
    return button ? { form: form, button: button, status: form.querySelector('.sheet-submit [role=status]') } : null;
  }
  function show(label) {
    var p = parts();
    if (!p) return;
    p.button.textContent = label;
    p.button.removeAttribute('data-counting');
    if (p.status) p.status.textContent = label === 'Ver eventos' ? '' : label.replace(/^Ver /, '');
  }
  function count() {
    var p = parts();
    if (!p) return;
    var mine = ++asked, params = new URLSearchParams();
    new FormData(p.form).forEach(function (value, name) { if (typeof value === 'string' && value.trim() !== '') params.append(name, value); });
    p.button.setAttribute('data-counting', '');
    fetch(p.form.dataset.count + '?' + params, { headers: { accept: 'application/json' } })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (body) { if (mine === asked) show(typeof body.label === 'string' ? body.label : 'Ver eventos'); })
      .catch(function () { if (mine === asked) show('Ver eventos'); });
  }
  document.addEventListener('toggle', function (e) {
    var p = parts();
    if (started || !p || !e.target.open || !p.form.contains(e.target)) return;
    started = true;
    if (p.button.dataset.label) show(p.button.dataset.label);
  }, true);
  document.addEventListener('change', function (e) {
    if (!e.target.closest || !e.target.closest('form.search[data-count] .more-filters')) return;
    started = true;
    clearTimeout(timer);
    timer = setTimeout(count, 300);
  });
})();
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
