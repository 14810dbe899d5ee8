import type { EventTrait } from '@/lib/catalog/event/view';
import { categoryPath } from '@/lib/site/landing';

/**
 * The event's traits as items of the page's list of facts ("Categoria: Teatro"), in the
 * view's order; the page's Markdown is converted from these. A trait the site has a page
 * or a style for is linked or marked; any other is stated as text.
 */
export function EventTraits({ traits }: { traits: EventTrait[] }) {
  return traits.map((t) => (
    <li key={t.key}>
      <strong>{`${t.label}:`}</strong> <TraitValue trait={t} />
    </li>
  ));
}

function TraitValue({ trait }: { trait: EventTrait }) {
  switch (trait.key) {
    case 'category':
      return <a href={categoryPath(trait.value)}>{trait.text}</a>;
    case 'age_rating':
      return <span className={`age-rating age-${trait.value}`}>{trait.text}</span>;
    default:
      return trait.text;
  }
}
