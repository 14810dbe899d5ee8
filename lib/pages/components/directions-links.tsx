import type { Directions } from '@/lib/site/directions';

/** "Como chegar": directions to the venue in Google Maps, Waze and Apple Maps (lib/site/directions.ts). */
export function DirectionsLinks({ directions }: { directions: Directions }) {
  return (
    <span className="directions">
      <strong>Como chegar:</strong>{' '}
      <a href={directions.google} rel="noopener">
        Google Maps
      </a>
      {' · '}
      <a href={directions.waze} rel="noopener">
        Waze
      </a>
      {' · '}
      <a href={directions.apple} rel="noopener">
        Apple Maps
      </a>
    </span>
  );
}
