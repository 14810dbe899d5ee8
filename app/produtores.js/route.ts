// GET /produtores.js: the organizers page's one script, an enhancement only. As a person
// types in the search field, the organizers whose names hold the words are listed under it
// as links to their pages (from /produtores.json); the arrow keys move from the field into
// the list and through it, Escape closes it. Without it the form searches on "Buscar".
const SCRIPT = `(function () {
  var input = document.querySelector('input[data-suggest]');
  var list = document.getElementById('organizer-suggestions');
  var status = document.getElementById('organizer-suggestions-status');
  if (!input || !list || !status || !window.fetch) return;
  var timer = 0;
  var asked = '';
  function links() { return Array.prototype.slice.call(list.querySelectorAll('a')); }
  function close() { list.replaceChildren(); list.hidden = true; }
  function show(organizers) {
    list.replaceChildren();
    organizers.forEach(function (o) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = o.path;
      a.textContent = o.name;
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = organizers.length === 0;
    status.textContent = organizers.length === 0 ? 'Nenhuma sugestão.' : organizers.length === 1 ? '1 sugestão.' : organizers.length + ' sugestões.';
  }
  function ask() {
    var q = input.value.trim();
    if (q === asked) return;
    asked = q;
    if (q.length < 2) { close(); status.textContent = ''; return; }
    fetch('/produtores.json?q=' + encodeURIComponent(q), { headers: { Accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : { organizers: [] }; })
      .then(function (body) { if (asked === q) show(body.organizers || []); })
      .catch(function () {});
  }
  input.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(ask, 150); });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowDown' && links().length) { e.preventDefault(); links()[0].focus(); }
    else if (e.key === 'Escape') close();
  });
  list.addEventListener('keydown', function (e) {
    var all = links();
    var at = all.indexOf(document.activeElement);
    if (e.key === 'ArrowDown' && at < all.length - 1) { e.preventDefault(); all[at + 1].focus(); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); (at > 0 ? all[at - 1] : input).focus(); }
    else if (e.key === 'Escape') { close(); input.focus(); }
  });
})();
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
export const HEAD = GET;
