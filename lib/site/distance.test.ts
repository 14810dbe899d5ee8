import { describe, expect, test } from 'vitest';
import { distanceKm, distanceText } from './distance';
import { nearCities } from './near-me';

describe('distance on a card', () => {
  const saoPaulo = { lat: -23.55, lng: -46.63 };

  test('great-circle kilometres: São Paulo to Rio de Janeiro about 360 km, to itself 0', () => {
    expect(distanceKm(saoPaulo, { lat: -22.91, lng: -43.17 })).toBeCloseTo(360, -1);
    expect(distanceKm(saoPaulo, saoPaulo)).toBe(0);
  });

  test('in words: whole kilometres in Brazilian Portuguese, under one "a menos de 1 km"; nothing without a point or a position', () => {
    expect(distanceText(saoPaulo, { latitude: '-23.551', longitude: '-46.631' })).toBe('a menos de 1 km');
    expect(distanceText(saoPaulo, { latitude: '-23.58', longitude: '-46.63' })).toBe('a 3 km');
    expect(distanceText(saoPaulo, { latitude: '-3.73', longitude: '-38.52' })).toBe('a 2.370 km');
    expect(distanceText(undefined, { latitude: '-23.58', longitude: '-46.63' })).toBeNull();
    expect(distanceText(saoPaulo, { latitude: null, longitude: null })).toBeNull();
    expect(distanceText(saoPaulo, null)).toBeNull();
  });
});

describe('the cities "Perto de mim" offers without a location', () => {
  test('each city once, with a position, alphabetical, its listing nearest first around its centre', () => {
    const cities = nearCities({
      cities: [
        { city: 'São Paulo', state: 'SP', lat: -23.55, lng: -46.63, events: 12 },
        { city: 'Recife', state: 'PE', lat: -8.05, lng: -34.9, events: 3 },
        { city: 'Recife', state: 'XX', lat: -8, lng: -34, events: 1 },
        { city: 'Ágape', state: null, lat: 1, lng: 1, events: 1 },
        { city: 'Nowhere', state: 'AM', lat: null, lng: null, events: 2 },
      ],
      states: [],
      categories: [],
      places: { cities: new Set() },
    });
    expect(cities).toEqual([
      { name: 'Ágape', label: 'Ágape', href: '/?perto=%C3%81gape&sort=distance', events: 1 },
      { name: 'Recife', label: 'Recife - PE', href: '/?perto=Recife&sort=distance', events: 3 },
      { name: 'São Paulo', label: 'São Paulo - SP', href: '/?perto=S%C3%A3o+Paulo&sort=distance', events: 12 },
    ]);
  });
});
