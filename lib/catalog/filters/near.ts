import { z } from 'zod';
import { nearVenues, type NearVenue } from '../near-sql';
import { NEAR_PHRASE } from '../search/place-words';
import { fold } from '../search/search-terms';
import { decimal, defineFilter, first, type Point } from './declaration';

// Events whose venue lies within a radius of a point; online events are left out. On the
// website and MCP the point may be a city of the catalog ("perto de Recife").

/** Radius of `near`, in kilometres: the default, and the most that can be asked for. */
export const RADIUS_KM = { default: 50, max: 500 } as const;
/** Radius choices of "perto de" on the website, in km. */
export const NEAR_RADII = [10, 25, 50, 100] as const;


/**
 * `venues`: the venues in the radius with their distances, when the listing looked them
 * up first (lib/catalog/listing/events.ts). As a list of values the planner knows how many
 * events they hold, and intersects them with a search word's index or reads them venue by
 * venue, whichever costs less; otherwise they are a subquery of the statement itself.
 */
type Near = { near?: Point; radiusKm?: number; venues?: readonly NearVenue[] };

export const near = defineFilter<Near>()({
  name: 'near',
  summary: `Venues within \`radius_km\` (default ${RADIUS_KM.default}, at most ${RADIUS_KM.max}) of a point; online events left out.`,
  api: true,
  doc: {
    near: z.string().optional().meta({
      description: 'Only events whose venue lies within `radius_km` (great-circle distance) of `<latitude>,<longitude>` in decimal degrees. Online events are left out. Bad coordinates: 400 `invalid_near`.',
      example: '-23.55,-46.63',
    }),
    radius_km: z.string().optional().meta({
      description: `Radius of \`near\` in kilometres: above 0, at most ${RADIUS_KM.max}; default ${RADIUS_KM.default}. Anything else: 400 \`invalid_radius\`. Ignored without \`near\`.`,
      example: '25',
    }),
  },
  params: ['near', 'radius_km'],
  problems: {
    invalid_near: { title: 'Invalid coordinates', about: 'near is not "<latitude>,<longitude>" in decimal degrees within range.', when: '`near` is not `<latitude>,<longitude>` in decimal degrees within range.' },
    invalid_radius: {
      title: 'Invalid radius',
      about: 'radius_km is not a number of kilometres above 0 and within the maximum.',
      when: `\`radius_km\` is not a number above 0 and at most ${RADIUS_KM.max}.`,
    },
  },
  read: (params, { fail }) => {
    const v: Near = {};
    const point = first(params, 'near');
    if (point !== undefined) {
      const parts = point.split(',').map((p) => p.trim());
      const [lat, lng] = parts.map(decimal);
      if (parts.length !== 2 || lat == null || lng == null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        fail('invalid_near', 'near must be "<latitude>,<longitude>" in decimal degrees: latitude from -90 to 90, longitude from -180 to 180.');
      } else v.near = { lat, lng };
    }
    const radius = first(params, 'radius_km');
    if (radius !== undefined) {
      const r = decimal(radius);
      if (r === null || r <= 0 || r > RADIUS_KM.max) fail('invalid_radius', `radius_km must be a number of kilometres above 0 and at most ${RADIUS_KM.max}.`);
      else v.radiusKm = r;
    }
    return v;
  },
  // The radius matters only with a point.
  key: (v) => (v.near ? `${v.near.lat},${v.near.lng},${v.radiusKm ?? RADIUS_KM.default}` : ''),
  active: (v) => Boolean(v.near),
  sql: {
    columns: ['is_online', 'venue_id'],
    where: (v, add) =>
      v.near
        ? ['NOT e.is_online', v.venues ? `e.venue_id = ANY (${add(v.venues.map((x) => x.id))}::bigint[])` : `e.venue_id = ANY (ARRAY(SELECT nv.id FROM ${nearVenues(v.near, v.radiusKm ?? RADIUS_KM.default, add)}))`]
        : [],
  },
  site: {
    // "perto" a city; `near` the person's own position, which "Perto de mim" (/perto-de-mim.js) sets.
    fields: ['perto', 'radius_km', 'near'],
    order: 5,
    chip: (form) => {
      const city = form.get('perto')?.trim() ?? '';
      const radius = form.get('radius_km')?.trim() ?? '';
      const where = city ? `Perto de ${city}` : form.get('near')?.trim() ? 'Perto de você' : '';
      return where ? `${where}${radius ? ` (${radius} km)` : ''}` : null;
    },
    drop: () => 'Em qualquer lugar',
    // "perto": a city of the catalog, the mean position of its venues.
    toParams: (form, params, { center }) => {
      const city = form.get('perto');
      const point = city ? center(city) : null;
      if (point) params.set('near', `${point.lat},${point.lng}`);
      else if (city !== null) params.delete('near');
    },
  },
  mcp: {
    input: () => ({
      near_city: z.string().max(120).optional().describe('Only events around this city of the catalog (within radius_km of its centre); online events are left out.'),
      near: z
        .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
        .optional()
        .describe('Only events whose venue is within radius_km of this point (decimal degrees); online events are left out.'),
      radius_km: z.number().gt(0).max(RADIUS_KM.max).optional().describe(`Radius for near or near_city, in km (default ${RADIUS_KM.default}, at most ${RADIUS_KM.max}).`),
    }),
    args: (params) => {
      const [latitude, longitude] = (params.get('near') ?? '').split(',').map(Number);
      if (latitude === undefined || longitude === undefined || Number.isNaN(latitude) || Number.isNaN(longitude)) return {};
      return { near: { latitude, longitude }, ...(params.has('radius_km') ? { radius_km: Number(params.get('radius_km')) } : {}) };
    },
    toParams: async (args, params, { center }) => {
      if (args.radius_km !== undefined) params.set('radius_km', String(args.radius_km));
      const point = args.near as { latitude: number; longitude: number } | undefined;
      const city = args.near_city as string | undefined;
      if (point) params.set('near', `${point.latitude},${point.longitude}`);
      else if (city) {
        const found = await center(city);
        if (!found) return `No city "${city.slice(0, 120)}" in this catalog; see the cities of the events found by q.`;
        params.set('near', `${found.lat},${found.lng}`);
      }
    },
  },
  natural: (folded, { cities }) => {
    const rest = ` ${folded} `;
    const said = NEAR_PHRASE.exec(rest);
    if (!said) return null;
    const after = said[1]!.replace(/[^\p{L}\p{N} ]/gu, ' ').trim();
    // The longest known city at the start of what follows "perto de".
    const known = cities
      .filter((c) => c.lat !== null && c.lng !== null && (after === fold(c.city) || after.startsWith(`${fold(c.city)} `)))
      .sort((a, b) => b.city.length - a.city.length)[0];
    if (!known) return null;
    return {
      rest: `${rest.slice(0, said.index)} ${after.slice(fold(known.city).length)}`,
      set: (params) => params.set('near', `${known.lat},${known.lng}`),
      note: `até ${RADIUS_KM.default} km de ${known.city}`,
    };
  },
});
