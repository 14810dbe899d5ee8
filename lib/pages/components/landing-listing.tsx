import type { Metadata } from 'next';
import type { Brand } from '@/lib/brand/schema';
import { eventCount } from '@/lib/catalog/listing/count-text';
import { listEventCards } from '@/lib/catalog/listing/events';
import { parseListQuery } from '@/lib/catalog/listing/query-params';
import { landingFeedPath } from '@/lib/site/calendar-feed';
import { itemListJsonLd } from '@/lib/site/item-list-json-ld';
import { scriptJson } from '@/lib/site/json-ld';
import { currentBrand } from '@/lib/site/brand-context';
import { findLanding, landingTitle, type Landing, type LandingKind } from '@/lib/site/landing';
import { CalendarLinks } from './calendar-links';
import { EventCard } from './event-card';
import { OrganizerFacts } from './organizer-facts';
import { Pagination } from './pagination';
import { CategoryLinks } from './search-form';
import { pageNotFound } from '@/lib/site/render-scope';

export type LandingSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page number asked for in `?page=` (clamped as the listing clamps it). */
async function landingPage(searchParams: LandingSearchParams): Promise<number> {
  const raw = (await searchParams).page;
  return parseListQuery(new URLSearchParams({ page: (Array.isArray(raw) ? raw[0] : raw) ?? '' })).page;
}

const pageSuffix = (page: number) => (page > 1 ? `?page=${page}` : '');

/** Title, description, canonical URL (from the brand's configuration) and the calendar feed of a landing page. */
function landingMetadata(brand: Brand, landing: Landing, page: number): Metadata {
  const title = landingTitle(brand, landing);
  const url = `${brand.site_url}${landing.path}${pageSuffix(page)}`;
  return {
    title: { absolute: page > 1 ? `${title} (página ${page})` : title },
    description: landing.description,
    alternates: { canonical: url, types: { 'text/calendar': `${brand.site_url}${landingFeedPath(landing)}` } },
    openGraph: { title, description: landing.description, url, images: [{ url: `${brand.site_url}/favicon.svg` }] },
  };
}

type LandingRouteProps = { params: Promise<Record<string, string>>; searchParams: LandingSearchParams };

/**
 * A landing route's page and metadata: its dynamic segment `segment` names a subject of
 * `kind`, a 404 when the brand lists none.
 */
export function landingRoute(kind: LandingKind, segment: string) {
  async function load(params: LandingRouteProps['params']) {
    const brand = await currentBrand();
    const landing = await findLanding(brand, kind, (await params)[segment] ?? '');
    if (!landing) pageNotFound();
    return { brand, landing };
  }
  return {
    async generateMetadata({ params, searchParams }: LandingRouteProps): Promise<Metadata> {
      const { brand, landing } = await load(params);
      return landingMetadata(brand, landing, await landingPage(searchParams));
    },
    async Page({ params, searchParams }: LandingRouteProps) {
      const { brand, landing } = await load(params);
      return <LandingListing brand={brand} landing={landing} page={await landingPage(searchParams)} />;
    },
  };
}

/** A landing page's body: its upcoming events, paged like the listing, with their ItemList and the calendar to subscribe to. */
async function LandingListing({ brand, landing, page }: { brand: Brand; landing: Landing; page: number }) {
  const params = new URLSearchParams(landing.params);
  params.set('page', String(page));
  const query = parseListQuery(params);
  const {
    list: { data, meta },
    prices,
    facts,
  } = await listEventCards(brand, query);
  const pageUrl = `${brand.site_url}${landing.path}${pageSuffix(meta.current_page)}`;
  const offset = (meta.current_page - 1) * meta.per_page;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(itemListJsonLd(landingTitle(brand, landing), pageUrl, data, offset)) }} />
      <h1>{landing.heading}</h1>
      {landing.kind === 'category' && <CategoryLinks current={landing.slug} />}
      {landing.kind === 'organizer' && <OrganizerFacts brand={brand} slug={landing.slug} />}
      {data.length === 0 ? (
        <div className="empty">
          <p>{meta.total === 0 ? 'Nenhum evento previsto por enquanto.' : 'Esta página não tem eventos.'}</p>
          <a className="button secondary" href={meta.total === 0 ? '/' : landing.path}>
            {meta.total === 0 ? 'Ver todos os eventos' : 'Voltar à primeira página'}
          </a>
        </div>
      ) : (
        <>
          <p className="summary">
            {eventCount(meta)} · página {meta.current_page} de {meta.last_page} · <a href="/">Todos os eventos</a>
            {landing.kind === 'organizer' && (
              <>
                {' · '}
                <a href="/produtores">Outros produtores</a>
              </>
            )}
          </p>
          <ul className="cards">
            {data.map((e, i) => (
              <EventCard key={e.id} event={e} price={prices.get(e.id)} facts={facts.get(e.id)} eager={i < 4} />
            ))}
          </ul>
          {meta.last_page > 1 && <Pagination meta={meta} href={(page) => `${landing.path}${pageSuffix(page)}`} />}
          <CalendarLinks brand={brand} path={landingFeedPath(landing)} />
        </>
      )}
    </>
  );
}
