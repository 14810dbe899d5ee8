// Distance in SQL: the venues within a radius of a point, for the near filter and sort.

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine) in km from a venue (alias nv) to a point. */
function distanceSql(lat: string, lng: string): string {
  return `(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(nv.latitude::float8 - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(nv.latitude::float8)) * power(sin(radians(nv.longitude::float8 - ${lng}) / 2), 2)))))`;
}

/**
 * The brand's venues within a radius (FROM clause, alias nv, with a `distance` column):
 * a latitude and longitude box read through the venue position index, then the exact
 * great-circle distance.
 */
export function nearVenues(near: { lat: number; lng: number }, radiusKm: number, add: (value: unknown) => string): string {
  const dLat = radiusKm / 111.195;
  const cosLat = Math.cos((near.lat * Math.PI) / 180);
  const dLng = cosLat > 0.01 ? radiusKm / (111.195 * cosLat) : 360;
  const lat = `${add(near.lat)}::float8`;
  const lng = `${add(near.lng)}::float8`;
  const box = [`nv.latitude BETWEEN ${add(Math.max(-90, near.lat - dLat))}::numeric AND ${add(Math.min(90, near.lat + dLat))}::numeric`];
  // A box that crosses the antimeridian is left to the distance alone.
  if (near.lng - dLng >= -180 && near.lng + dLng <= 180) {
    box.push(`nv.longitude BETWEEN ${add(near.lng - dLng)}::numeric AND ${add(near.lng + dLng)}::numeric`);
  }
  const distance = distanceSql(lat, lng);
  return `(SELECT nv.id, ${distance} AS distance FROM venues nv
           WHERE nv.brand_id = $1 AND nv.latitude IS NOT NULL AND nv.longitude IS NOT NULL AND ${box.join(' AND ')}
             AND ${distance} <= ${add(radiusKm)}::float8) nv`;
}

/** The brand's venues within a radius of a point, with their distance: one statement, read before a listing near that point. */
export function nearVenuesSql(brandId: string, near: { lat: number; lng: number }, radiusKm: number): { text: string; params: unknown[] } {
  const params: unknown[] = [brandId];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { text: `SELECT nv.id::int AS id, nv.distance FROM ${nearVenues(near, radiusKm, add)}`, params };
}

/** A venue near the point and its distance in km, as nearVenuesSql read them. */
export type NearVenue = { id: number; distance: number };

/**
 * The venues near a point as a FROM clause (alias nv, columns id and distance): those
 * looked up first, as two lists of values, or else read by the statement itself.
 */
export function nearVenuesFrom(
  near: { lat: number; lng: number },
  radiusKm: number,
  venues: readonly NearVenue[] | undefined,
  add: (value: unknown) => string,
): string {
  if (!venues) return nearVenues(near, radiusKm, add);
  return `unnest(${add(venues.map((v) => v.id))}::bigint[], ${add(venues.map((v) => v.distance))}::float8[]) AS nv(id, distance)`;
}
