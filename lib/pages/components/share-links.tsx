import { SHARE_SCRIPT, whatsappUrl } from '@/lib/site/share';

/**
 * "Compartilhar": WhatsApp (a plain link) and the event's link in a field to copy, which
 * work without JavaScript; the phone's share sheet and "Copiar link" shown by the site's
 * script where the browser has them. Every link is the event's canonical URL.
 */
export function ShareLinks({ name, url }: { name: string; url: string }) {
  return (
    <section className="share" aria-labelledby="compartilhar" data-share-url={url} data-share-title={name}>
      <h2 id="compartilhar">Compartilhar</h2>
      <p className="share-actions">
        <button type="button" className="button" data-share hidden>
          Compartilhar
        </button>
        <a className="button secondary" href={whatsappUrl(name, url)} rel="noopener">
          Enviar pelo WhatsApp
        </a>
        <button type="button" className="button secondary" data-copy hidden>
          Copiar link
        </button>
      </p>
      <p className="share-link">
        <label htmlFor="link-do-evento">Link do evento</label>
        <input id="link-do-evento" type="url" readOnly value={url} />
      </p>
      <p className="share-status" role="status" data-share-status />
      <script src={SHARE_SCRIPT} defer />
    </section>
  );
}
