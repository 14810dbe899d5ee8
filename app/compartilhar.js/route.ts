// GET /compartilhar.js: the event page's share script, an enhancement only (lib/site/share.ts).
// Where the browser has the share sheet (the Web Share API, on phones), "Compartilhar" shows
// and opens it with the event's name and canonical URL; where it can write to the clipboard,
// "Copiar link" shows and copies that URL, and says so. Without it, the WhatsApp link and the
// field with the link, which can be selected and copied, are there.
const SCRIPT = `(function () {
  var box = document.querySelector('[data-share-url]');
  if (!box) return;
  var url = box.getAttribute('data-share-url');
  var title = box.getAttribute('data-share-title') || document.title;
  var said = box.querySelector('[data-share-status]');
  var say = function (text) { if (said) said.textContent = text; };
  var share = box.querySelector('[data-share]');
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener('click', function () {
      navigator.share({ title: title, url: url }).catch(function () {});
    });
  }
  var copy = box.querySelector('[data-copy]');
  var field = box.querySelector('input');
  if (copy && navigator.clipboard && window.isSecureContext) {
    copy.hidden = false;
    copy.addEventListener('click', function () {
      navigator.clipboard.writeText(url).then(function () { say('Link copiado.'); }, function () {
        if (field) field.select();
        say('Não foi possível copiar: o link está selecionado no campo.');
      });
    });
  }
})();
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
