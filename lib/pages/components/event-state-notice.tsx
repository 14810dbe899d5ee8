import type { EventState } from '@/lib/catalog/event-state';
import type { SimilarEvent } from '@/lib/catalog/listing/similar';
import { formatEventDate } from '@/lib/site/format';

/**
 * The event's state at the top of the page, in its own words (lib/catalog/event-state.ts),
 * and, when the person cannot go to this event (it happened, was cancelled or sold out),
 * the nearest similar events right there.
 */
export function StateNotice({ state, similar }: { state: EventState; similar: SimilarEvent[] }) {
  const offered = state.offersSimilar ? similar.slice(0, 3).map((s) => s.event) : [];
  return (
    <div className={`event-state event-state-${state.key}`} role="status">
      <p>
        <strong>{state.sentence}</strong>
      </p>
      {state.also && <p>{state.also}</p>}
      {offered.length > 0 && (
        <>
          <p>Eventos parecidos que ainda vão acontecer:</p>
          <ul className="state-similar">
            {offered.map((e) => (
              <li key={e.id}>
                <a href={`/eventos/${e.slug}`}>{e.name}</a>
                {` · ${formatEventDate(e.starts_at, e.timezone)}${e.location?.city ? ` · ${e.location.city}` : ''}`}
              </li>
            ))}
          </ul>
          {similar.length > offered.length && <a href="#parecidos">Ver mais eventos parecidos</a>}
        </>
      )}
    </div>
  );
}
