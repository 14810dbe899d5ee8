import type { Brand } from '@/lib/brand/schema';
import { organizerFacts } from '@/lib/catalog/listing/organizers';
import { categoryPath } from '@/lib/site/landing';

/** Where an organizer's events are, in words: "Recife - PE", "Recife - PE e mais 2 cidades", "Online". */
function placeText(city: string | null, cities: number, online: number): string | null {
  const inPerson = city ? (cities > 1 ? `${city} e mais ${cities - 1} ${cities === 2 ? 'cidade' : 'cidades'}` : city) : null;
  if (inPerson && online > 0) return `${inPerson}, e online`;
  return inPerson ?? (online > 0 ? 'Online' : null);
}

/** What an organizer is, above its events: its city, how many events it has ahead, and of which kinds. */
export async function OrganizerFacts({ brand, slug }: { brand: Brand; slug: string }) {
  const facts = await organizerFacts(brand, slug);
  const place = placeText(facts.city, facts.cities, facts.online);
  return (
    <dl className="organizer-facts">
      {place && (
        <div>
          <dt>Onde</dt>
          <dd>{place}</dd>
        </div>
      )}
      <div>
        <dt>Próximos eventos</dt>
        <dd>{facts.upcoming === 1 ? '1 evento' : `${facts.upcoming.toLocaleString('pt-BR')} eventos`}</dd>
      </div>
      {facts.categories.length > 0 && (
        <div>
          <dt>{facts.categories.length === 1 ? 'Categoria' : 'Categorias'}</dt>
          <dd>
            <ul className="organizer-categories">
              {facts.categories.map((c) => (
                <li key={c.slug}>
                  <a href={categoryPath(c.slug)}>{c.label}</a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
