import { describe, expect, test } from 'vitest';
import { directionsTo } from './directions';

const venue = { name: 'Clube Sol Nascente', formatted_address: 'Rua Costa, 564 - Recife - PE', city: 'Recife', state_abbr: 'PE', latitude: '-8.054', longitude: '-34.881' };

describe('directions to the venue', () => {
  test('with coordinates: Google Maps, Waze and Apple Maps to the point', () => {
    expect(directionsTo(venue)).toEqual({
      google: 'https://www.google.com/maps/dir/?api=1&destination=-8.054%2C-34.881',
      waze: 'https://waze.com/ul?ll=-8.054%2C-34.881&navigate=yes',
      apple: 'https://maps.apple.com/?daddr=-8.054%2C-34.881',
    });
    // Each opens on the point itself.
    const google = new URL(directionsTo(venue)!.google);
    expect(google.searchParams.get('destination')).toBe('-8.054,-34.881');
    expect(new URL(directionsTo(venue)!.waze).searchParams.get('ll')).toBe('-8.054,-34.881');
  });

  test('without coordinates: to the address in words, escaped', () => {
    const d = directionsTo({ ...venue, latitude: null, longitude: null, name: 'Bar & Cia <1>' })!;
    const text = 'Bar & Cia <1>, Rua Costa, 564 - Recife - PE';
    expect(new URL(d.google).searchParams.get('destination')).toBe(text);
    expect(new URL(d.waze).searchParams.get('q')).toBe(text);
    expect(new URL(d.waze).searchParams.get('navigate')).toBe('yes');
    expect(new URL(d.apple).searchParams.get('daddr')).toBe(text);
    expect(d.google).not.toMatch(/[<> ]/);
  });

  test('without an address, the city and state; without anything, none', () => {
    const d = directionsTo({ name: null, formatted_address: null, city: 'Olinda', state_abbr: 'PE', latitude: null, longitude: 'x' })!;
    expect(new URL(d.apple).searchParams.get('daddr')).toBe('Olinda - PE');
    expect(directionsTo({ name: null, formatted_address: null, city: null, state_abbr: null, latitude: null, longitude: null })).toBeNull();
  });
});
