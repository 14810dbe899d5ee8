/**
 * "Salvar" on an event page: a plain form that posts the event's slug to /conta/salvos
 * (lib/site/saved-event-actions.ts). The page is the same for everyone and is cached, so
 * it never says whether this person saved the event: a signed-in person comes back to
 * `#salvo`, the note below, which only shows as the page's target (CSS `:target`);
 * anyone else signs in first and comes back the same way. Inside the form, the note is
 * left out of the page's Markdown with it (lib/markdown/convert.ts drops forms).
 */
export function SaveEvent({ slug }: { slug: string }) {
  return (
    <form className="save-event" method="post" action="/conta/salvos">
      <input type="hidden" name="evento" value={slug} />
      <button className="button secondary" type="submit">
        Salvar
      </button>
      <p id="salvo" className="saved-note ok" tabIndex={-1}>
        Evento salvo na sua conta. <a href="/conta#salvos">Ver eventos salvos</a>
      </p>
    </form>
  );
}
