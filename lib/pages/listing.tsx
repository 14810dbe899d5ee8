import type { Metadata } from 'next';
import { CalendarLinks } from '@/lib/pages/components/calendar-links';
import { EventCard } from '@/lib/pages/components/event-card';
import { ExploreLinks } from '@/lib/pages/components/explore-links';
import { Pagination } from '@/lib/pages/components/pagination';
import { ActiveFilters, CategoryLinks, SearchForm } from '@/lib/pages/components/search-form';
import { listEventCards } from '@/lib/catalog/listing/events';
import { eventCount, unmatchedSentence } from '@/lib/catalog/listing/count-text';
import { findOrganizer } from '@/lib/catalog/listing/landing-subjects';
import { parseListQuery } from '@/lib/catalog/listing/query-params';
import { isFiltered } from '@/lib/catalog/listing/search-filters';
import { currentBrand } from '@/lib/site/brand-context';
import { activeFilters } from '@/lib/site/active-filters';
import { listingFeedPath } from '@/lib/site/calendar-feed';
import { distanceText } from '@/lib/site/distance';
import { homeJsonLd, scriptJson } from '@/lib/site/json-ld';
import { readListingForm, showLabel } from '@/lib/site/listing-count';
import { waysForward, type WayForward } from '@/lib/site/ways-forward';
import { isEmptyValue } from '@/lib/site/clean-query';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toParams(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    const first = Array.isArray(v) ? v[0] : v;
    // An empty field says nothing (the proxy redirects such an address): links built from these leave it out.
    if (first !== undefined && !isEmptyValue(first)) params.set(k, first);
  }
  return params;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const brand = await currentBrand();
  const params = toParams(await searchParams);
  const query = parseListQuery(params);
  const title = query.q ? `Eventos: ${query.q}` : 'Eventos';
  return {
    // The layout's title template applies to child segments only: this page is its own segment.
    title: { absolute: `${title} · ${brand.name}` },
    description: `${brand.theme.tagline}. Encontre eventos e compre ingressos na ${brand.name}.`,
    alternates: { canonical: `${brand.site_url}/`, types: { 'text/calendar': `${brand.site_url}${listingFeedPath(params)}` } },
    openGraph: { title: `${title} · ${brand.name}`, url: `${brand.site_url}/`, images: [{ url: `${brand.site_url}/favicon.svg` }] },
  };
}

function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const qs = next.toString();
  return qs ? `/?${qs}` : '/';
}

/** The same listing with other words. */
function withWords(params: URLSearchParams, q: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('q', q);
  return next;
}

/** Ways out of an empty listing, each with its count. */
function WaysList({ ways }: { ways: WayForward[] }) {
  return (
    <ul className="ways-forward">
      {ways.map((w) => (
        <li key={w.href}>
          <a href={w.href}>{w.label}</a> ({w.count})
        </li>
      ))}
    </ul>
  );
}

// GET /: the brand's events, searched and filtered through a GET form.
export default async function ListingPage({ searchParams }: { searchParams: SearchParams }) {
  const brand = await currentBrand();
  const now = new Date();
  // A place, a date or a price said in the words is the form's own field, shown as its
  // chip; date chips and "perto de" become the API's date and place filters.
  const { params, options, query } = await readListingForm(brand, toParams(await searchParams), now);
  const { list: result, unmatched, corrected, prices, facts } = await listEventCards(brand, query, { places: options.places });
  const filtered = Boolean(query.q) || isFiltered(query);
  const { meta } = result;
  const organizer = query.organization ? await findOrganizer(brand, query.organization) : null;
  const active = activeFilters(params, organizer?.name ?? null);
  // Nothing at all, or only a page past the last one.
  const empty = result.data.length === 0;
  const pastEnd = empty && meta.total > 0;
  const ways = empty && !pastEnd && filtered ? await waysForward(brand, params, active, options, now) : [];
  const heading = pastEnd ? 'Esta página não tem eventos' : empty ? 'Nenhum evento encontrado' : filtered ? 'Eventos encontrados' : `Próximos eventos na ${brand.name}`;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(homeJsonLd(brand, result.data)) }} />
      <h1>{heading}</h1>
      {/* Said first, above the form and the results it already shows. */}
      {corrected && (
        <p className="did-you-mean">
          Você quis dizer: <a href={pageHref(withWords(params, corrected), 1)}>{corrected}</a>?
        </p>
      )}
      <SearchForm query={query} options={options} params={params} active={active} shown={pastEnd ? null : showLabel(meta)} />
      <div className="browse-row">
        <CategoryLinks current={query.category} />
        <ExploreLinks />
      </div>
      <ActiveFilters active={active} />
      {pastEnd ? (
        <div className="empty">
          <p>{`Esta busca tem ${eventCount(meta)} em ${meta.last_page} ${meta.last_page === 1 ? 'página' : 'páginas'}.`}</p>
          <a className="button" href={pageHref(params, meta.last_page)}>
            {`Ir para a página ${meta.last_page}`}
          </a>{' '}
          <a className="button secondary" href={pageHref(params, 1)}>
            Voltar à primeira página
          </a>
        </div>
      ) : empty ? (
        <div className="empty">
          <p>{query.q && active.length === 1 ? `Nenhum evento tem as palavras “${query.q}”.` : `Nenhum evento encontrado${filtered ? ' com esses filtros' : ''}.`}</p>
          {ways.some((w) => !w.browse) && (
            <>
              <p>Encontram eventos:</p>
              <WaysList ways={ways.filter((w) => !w.browse)} />
            </>
          )}
          {ways.some((w) => w.browse) && (
            <>
              <p>Outras ideias, por tipo de evento e por cidade:</p>
              <WaysList ways={ways.filter((w) => w.browse)} />
            </>
          )}
        </div>
      ) : (
        <>
          <p className="summary">
            {eventCount(meta)} · página {meta.current_page} de {meta.last_page}
          </p>
          {unmatched && (
            <p className="notice" role="status">
              {unmatchedSentence(unmatched)}
            </p>
          )}
          <ul className="cards">
            {result.data.map((e, i) => (
              <EventCard key={e.id} event={e} price={prices.get(e.id)} facts={facts.get(e.id)} eager={i < 4} distance={distanceText(query.near, e.location)} />
            ))}
          </ul>
          <Pagination meta={meta} href={(page) => pageHref(params, page)} />
          <CalendarLinks brand={brand} path={listingFeedPath(params)} />
        </>
      )}
    </>
  );
}
