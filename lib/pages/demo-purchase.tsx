import type { Metadata } from 'next';
import { getEvent } from '@/lib/catalog/event/read';
import { viewState } from '@/lib/catalog/event/view';
import { currentBrand } from '@/lib/site/brand-context';
import { totalLabel } from '@/lib/site/event-page';
import { formatEventDate } from '@/lib/site/format';
import { sellsOnDemoPage } from '@/lib/site/purchase';
import { pageNotFound, perRender } from '@/lib/site/render-scope';

type Params = Promise<{ slug: string }>;

// The page and its metadata read the event once per render.
const load = perRender(async (slug: string) => {
  const brand = await currentBrand();
  const event = await getEvent(brand, slug);
  // Only an event whose purchase address is this very page (the demo catalog's) has one.
  return { brand, event: event && sellsOnDemoPage(brand, event) ? event : null };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const { event } = await load(slug);
  if (!event) pageNotFound();
  return {
    title: `Compra de demonstração: ${event.name}`,
    description: 'Página de demonstração: nada é vendido aqui.',
    robots: { index: false, follow: true },
  };
}

// GET /comprar/{slug}: the demo catalog's stand-in for a ticket shop. It says plainly that
// it is a demonstration and sells nothing, shows what a shop would offer (the lots and
// their prices with fees), and leads back to the event.
export default async function DemoPurchasePage({ params }: { params: Params }) {
  const { slug } = await params;
  const { brand, event } = await load(slug);
  if (!event) pageNotFound();
  const state = viewState(event);
  const lots = event.sectors.flatMap((s) => s.lots.filter((l) => l.available).map((l) => ({ sector: s.name, ...l })));
  return (
    <article className="demo-purchase">
      <p className="demo-note" role="note">
        <strong>Demonstração:</strong>{' '}
        {`esta página não vende ingressos, não cobra nada e não pede nenhum dado. A ${brand.name} é um catálogo de demonstração; numa loja de verdade, aqui você escolheria os ingressos e pagaria.`}
      </p>
      <h1>{event.name}</h1>
      <p>
        <time dateTime={event.starts_at ?? undefined}>{formatEventDate(event.starts_at, event.timezone)}</time>
        {event.location?.city && ` · ${[event.location.city, event.location.state_abbr].filter(Boolean).join(' - ')}`}
      </p>
      {state.canBuy && lots.length > 0 ? (
        <>
          <h2>Ingressos que uma loja ofereceria</h2>
          <ul className="demo-lots">
            {lots.map((l) => (
              <li key={`${l.sector}|${l.name}`}>
                {`${l.sector}, ${l.name}: `}
                <strong>{l.total_cents === 0 ? 'Grátis' : `${totalLabel(l.total_cents)} com taxas`}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : (
        // The event's own state says why nothing is on sale (paused, sold out, not yet open…).
        <p className="closed">{state.sentence}</p>
      )}
      <p>
        <a className="button" href={`/eventos/${event.slug}`}>
          Voltar para o evento
        </a>
      </p>
    </article>
  );
}
