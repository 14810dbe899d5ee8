import type { Brand } from '@/lib/brand/schema';
import type { EventState } from '@/lib/catalog/event-state';
import type { EventView } from '@/lib/catalog/event/view';
import { cityPath, organizerPath } from '@/lib/site/landing';
import { producerSearchUrl } from '@/lib/site/purchase';

/**
 * The price with fees and the next step, on the first screen of a phone; with a purchase
 * address, a bar with both stays at the bottom of a phone's screen. Without one, the
 * button leads to "Como comprar" below.
 */
export function BuyCallout({ callout, buyUrl }: { callout: string; buyUrl: string | null }) {
  return (
    <div className={buyUrl ? 'event-buy event-buy-sticky' : 'event-buy'}>
      <p className="lowest">{callout}</p>
      {buyUrl ? (
        <a className="button" href={buyUrl}>
          Comprar ingressos
        </a>
      ) : (
        <a className="button secondary" href="#como-comprar">
          Como comprar
        </a>
      )}
    </div>
  );
}

/**
 * How to buy: with a purchase address, the button at the top of the page is the way
 * (nothing to add here); else, in plain words, that this site only lists the event, who
 * sells the tickets, and what the person can do from here, each a link: look for the
 * production's own page, the production's other events, the events on sale in its city.
 */
export function HowToBuy({
  brand,
  event,
  state,
  hasButton,
  producerListed,
  city,
}: {
  brand: Brand;
  event: EventView;
  state: EventState;
  hasButton: boolean;
  producerListed: boolean;
  city: { slug: string; name: string } | null;
}) {
  // Nothing can be bought: the state at the top of the page says why.
  if (!state.canBuy) return null;
  if (hasButton) return null;
  const producer = event.producer?.name ?? null;
  const seller = producer ? `pela produção do evento, ${producer},` : 'pela produção do evento';
  return (
    <section className="how-to-buy" id="como-comprar" aria-labelledby="como-comprar-titulo">
      <h2 id="como-comprar-titulo">Como comprar</h2>
      <p>
        {`A ${brand.name} mostra aqui o evento, os setores e os preços com taxas, mas os ingressos deste evento não são vendidos por este site: são vendidos ${seller} nos canais de venda dela.`}
      </p>
      <ul>
        <li>
          <a href={producerSearchUrl(producer, event.name)} rel="noopener">
            {producer ? `Procurar a página oficial de ${producer}` : 'Procurar a página oficial do evento'}
          </a>{' '}
          e comprar lá; confira que o preço com taxas é o da tabela acima.
        </li>
        {event.producer && producerListed && (
          <li>
            <a href={organizerPath(event.producer.slug)}>{`Outros eventos de ${event.producer.name}`}</a>
          </li>
        )}
        {city && (
          <li>
            <a href={cityPath(city.slug)}>{`Eventos em ${city.name}`}</a>
          </li>
        )}
        <li>
          <a href="/">Eventos à venda na {brand.name}</a>
        </li>
      </ul>
    </section>
  );
}
