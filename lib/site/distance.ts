// How far an event's venue is from the point a listing was asked around ("Perto de mim"),
// in the words of its card: "a 3 km", "a menos de 1 km".

const EARTH_RADIUS_KM = 6371.0088;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (the same haversine as the catalog's `near`, lib/catalog/near-sql.ts). */
export function distanceKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A venue's distance from `from` as a card says it, or null when the venue has no position. */
export function distanceText(from: { lat: number; lng: number } | undefined, location: { latitude: string | null; longitude: string | null } | null): string | null {
  if (!from || !location?.latitude || !location.longitude) return null;
  const lat = Number(location.latitude);
  const lng = Number(location.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const km = distanceKm(from, { lat, lng });
  if (km < 1) return 'a menos de 1 km';
  return `a ${Math.round(km).toLocaleString('pt-BR')} km`;
}
