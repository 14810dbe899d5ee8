import { describe, expect, test } from 'vitest';
import { activeFilters } from './active-filters';

const chips = (qs: string, organizerName: string | null = null) => activeFilters(new URLSearchParams(qs), organizerName);

describe('activeFilters', () => {
  test('nothing on: no chip; blank fields are not filters', () => {
    expect(chips('')).toEqual([]);
    expect(chips('q=&city=&preco=&quando=&page=3')).toEqual([]);
  });

  test('each filter is a chip whose link drops only that filter and the page', () => {
    const list = chips('q=samba&category=teatro&city=Recife&preco=50&livre=1&sort=price&page=2');
    expect(list.map((c) => c.label)).toEqual(['“samba”', 'Teatro e espetáculos', 'Recife', 'Até R$ 50', 'Livre para todos', 'Ordem: menor preço']);
    expect(list.find((c) => c.key === 'category')!.href).toBe('/?q=samba&city=Recife&preco=50&livre=1&sort=price');
    expect(list.find((c) => c.key === 'q')!.href).toBe('/?category=teatro&city=Recife&preco=50&livre=1&sort=price');
  });

  test('a place to search around goes with its radius; a date chip or a period with its days', () => {
    expect(chips('perto=Recife&radius_km=25&q=forró')[0]).toEqual({ key: 'q', label: '“forró”', href: '/?perto=Recife&radius_km=25' });
    expect(chips('perto=Recife&radius_km=25&q=forró')[1]).toEqual({ key: 'perto', label: 'Perto de Recife (25 km)', href: '/?q=forr%C3%B3' });
    expect(chips('quando=fim-de-semana')).toEqual([{ key: 'quando', label: 'Este fim de semana', href: '/' }]);
    // The person's own position ("Perto de mim"): one chip, which drops the position, the radius and nothing else.
    expect(chips('q=samba&near=-23.55,-46.63&radius_km=25&sort=distance')[1]).toEqual({ key: 'perto', label: 'Perto de você (25 km)', href: '/?q=samba&sort=distance' });
    expect(chips('quando=periodo&date_from=2026-12-01&date_to=2026-12-07&city=Recife')[1]).toEqual({
      key: 'quando',
      label: '1 de dez. a 7 de dez.',
      href: '/?city=Recife',
    });
    expect(chips('quando=periodo&date_from=2026-12-01&date_to=2026-12-31')[0]!.label).toBe('Dezembro de 2026');
    expect(chips('quando=periodo&date_from=2026-11-28&date_to=2026-11-28')[0]!.label).toBe('sáb., 28 de nov.');
    expect(chips('quando=periodo&date_from=2026-11-31')).toEqual([]);
    expect(chips('quando=periodo&date_from=2026-13-45')).toEqual([]);
  });

  test('names come from the catalog; unknown values are no chip', () => {
    expect(chips('organization=silva-producoes', 'Silva Produções')[0]!.label).toBe('Produtor: Silva Produções');
    expect(chips('organization=silva-producoes')[0]!.label).toBe('Produtor: silva-producoes');
    expect(chips('state=pe')[0]!.label).toBe('Estado: PE');
    expect(chips('category=opera&preco=sete&sort=sideways&livre=yes&state=xyz')).toEqual([]);
    expect(chips('preco=80')[0]!.label).toBe('Até R$ 80');
    expect(chips('preco=gratis')[0]!.label).toBe('Grátis');
  });
});
