import type { Metadata } from 'next';
import { listOrganizers, ORGANIZER_QUERY_MAX } from '@/lib/catalog/listing/organizers';
import { currentBrand, currentNonce } from '@/lib/site/brand-context';
import { organizerPath } from '@/lib/site/landing';
import { organizersHref, readOrganizersForm } from '@/lib/site/organizers-page';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const brand = await currentBrand();
  const form = readOrganizersForm(await searchParams);
  const title = form.q ? `Produtores: ${form.q}` : 'Produtores';
  return {
    title: { absolute: `${title} — ${brand.name}` },
    description: `Quem organiza os eventos da ${brand.name}: encontre um produtor e veja os próximos eventos dele.`,
    alternates: { canonical: `${brand.site_url}/produtores` },
  };
}

// GET /produtores: the brand's organizers with events ahead, in alphabetical order, 50 a
// page; a GET search by any part of a name, which suggests as one types where JavaScript
// runs (/produtores.js and /produtores.json).
export default async function OrganizersPage({ searchParams }: { searchParams: SearchParams }) {
  const brand = await currentBrand();
  const nonce = await currentNonce();
  const form = readOrganizersForm(await searchParams);
  const page = await listOrganizers(brand, form);
  const first = form.after === undefined && form.before === undefined;
  return (
    <>
      <h1>Produtores</h1>
      <p className="lead">Quem organiza os eventos da {brand.name}. Encontre um produtor para ver o que ele tem pela frente.</p>
      <form className="organizer-search" method="get" action="/produtores" role="search">
        <label htmlFor="organizer-q">Nome do produtor</label>
        <div className="organizer-search-row">
          <input
            id="organizer-q"
            type="search"
            name="q"
            defaultValue={form.q ?? ''}
            maxLength={ORGANIZER_QUERY_MAX}
            autoComplete="off"
            placeholder="Ex.: Cultural, Produções…"
            data-suggest=""
            aria-controls="organizer-suggestions"
            aria-describedby="organizer-suggestions-status"
          />
          <button className="button" type="submit">
            Buscar
          </button>
        </div>
        <ul id="organizer-suggestions" className="organizer-suggestions" aria-label="Sugestões" hidden />
        <p id="organizer-suggestions-status" className="visually-hidden" role="status" />
      </form>
      {page.organizers.length === 0 ? (
        <div className="empty">
          <p>{form.q ? `Nenhum produtor com “${form.q}” no nome tem eventos previstos.` : 'Nenhum produtor com eventos previstos por enquanto.'}</p>
          <a className="button secondary" href={form.q ? '/produtores' : '/'}>
            {form.q ? 'Ver todos os produtores' : 'Ver todos os eventos'}
          </a>
        </div>
      ) : (
        <>
          <p className="summary">
            {form.q ? `Produtores com “${form.q}” no nome` : 'Todos os produtores com eventos previstos'}
            {first ? '' : ' (continuação)'}
            {form.q && (
              <>
                {' · '}
                <a href="/produtores">Ver todos</a>
              </>
            )}
          </p>
          <ul className="organizer-list">
            {page.organizers.map((o) => (
              <li key={o.slug}>
                <a href={organizerPath(o.slug)}>{o.name}</a>
              </li>
            ))}
          </ul>
          {(page.previous || page.next) && (
            <nav className="pagination" aria-label="Páginas de produtores">
              <ul>
                {page.previous && (
                  <li>
                    <a href={organizersHref(form.q, { before: page.previous })} rel="prev">
                      ← Anteriores
                    </a>
                  </li>
                )}
                {page.next && (
                  <li>
                    <a href={organizersHref(form.q, { after: page.next })} rel="next">
                      Próximos →
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
      <script src="/produtores.js" defer nonce={nonce} />
    </>
  );
}
