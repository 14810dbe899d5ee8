import { NEAR_ME_DECIMALS, NEAR_ME_PATH, NEAR_ME_RADIUS_KM } from '@/lib/site/near-me';

// GET /perto-de-mim.js: "Perto de mim" asks the browser for the location only when the
// person taps it, then opens the listing around it, nearest first (the API's `near` and
// `radius_km`, coordinates rounded to about 1 km; on the listing, its other filters are
// kept). Refused or unavailable, it leads to the page of cities, where a line says so.
// Without this script the link leads to that page directly.
const SCRIPT = `(function () {
  if (!navigator.geolocation) return;
  document.addEventListener('click', function (e) {
    var a = e.target instanceof Element ? e.target.closest('a[data-near-me]') : null;
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (a.getAttribute('aria-busy') === 'true') return;
    var label = a.textContent;
    a.setAttribute('aria-busy', 'true');
    a.textContent = 'Procurando sua localização…';
    function done() { a.removeAttribute('aria-busy'); a.textContent = label; }
    navigator.geolocation.getCurrentPosition(function (pos) {
      var params = new URLSearchParams(location.pathname === '/' ? location.search : '');
      ['perto', 'near', 'page'].forEach(function (k) { params.delete(k); });
      params.set('near', pos.coords.latitude.toFixed(${NEAR_ME_DECIMALS}) + ',' + pos.coords.longitude.toFixed(${NEAR_ME_DECIMALS}));
      if (!params.get('radius_km')) params.set('radius_km', '${NEAR_ME_RADIUS_KM}');
      params.set('sort', 'distance');
      done();
      location.assign('/?' + params.toString());
    }, function () {
      done();
      location.assign('${NEAR_ME_PATH}#sem-localizacao');
      var note = document.getElementById('sem-localizacao');
      if (note) note.focus();
    }, { timeout: 15000, maximumAge: 600000 });
  });
})();
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
export const HEAD = GET;
