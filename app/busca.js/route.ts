// GET /busca.js: the listing's one script, an enhancement only. A filter chip (category,
// price, date, "livre") applies as soon as it is chosen, without the "Aplicar filtros"
// press the form needs without JavaScript. "Período" waits for its dates.
const SCRIPT = `document.addEventListener('change', function (e) {
  var input = e.target;
  if (!(input instanceof HTMLInputElement) || !input.form || !input.closest('.more-filters .chips')) return;
  if ((input.type !== 'radio' && input.type !== 'checkbox') || input.value === 'periodo') return;
  input.form.requestSubmit();
});
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
