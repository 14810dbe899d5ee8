// "Como chegar": directions to the venue in the maps app of the person's phone. The links
// are the apps' own public URL schemes, the same for everyone (the public page is the same
// bytes for every visitor, so it never looks at the User-Agent): Google Maps and Waze open
// their app where it is installed and the website elsewhere; Apple Maps opens on Apple
// devices (elsewhere, its website). With coordinates they go to the point; without, to
// the address as the catalog writes it.

type Place = {
  name: string | null;
  formatted_address: string | null;
  city: string | null;
  state_abbr: string | null;
  latitude: string | null;
  longitude: string | null;
};

export type Directions = { google: string; waze: string; apple: string };

const COORDINATE = /^-?\d{1,3}(\.\d+)?$/;

/** The venue's address in words, for a maps search: its name, its address, else its city and state. */
export function placeText(place: Place): string | null {
  const where = place.formatted_address ?? [place.city, place.state_abbr].filter(Boolean).join(' - ');
  const text = [place.name, where].filter(Boolean).join(', ').trim();
  return text === '' ? null : text;
}

/** Directions to the venue in Google Maps, Waze and Apple Maps; null when the catalog knows neither its point nor its address. */
export function directionsTo(place: Place): Directions | null {
  const { latitude: lat, longitude: lng } = place;
  if (lat && lng && COORDINATE.test(lat) && COORDINATE.test(lng)) {
    const point = `${lat},${lng}`;
    return {
      google: `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: point })}`,
      waze: `https://waze.com/ul?${new URLSearchParams({ ll: point, navigate: 'yes' })}`,
      apple: `https://maps.apple.com/?${new URLSearchParams({ daddr: point })}`,
    };
  }
  const text = placeText(place);
  if (!text) return null;
  return {
    google: `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: text })}`,
    waze: `https://waze.com/ul?${new URLSearchParams({ q: text, navigate: 'yes' })}`,
    apple: `https://maps.apple.com/?${new URLSearchParams({ daddr: text })}`,
  };
}
