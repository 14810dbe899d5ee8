import { describe, expect, test } from 'vitest';
import { api, fold, list, listAll, type Detail } from './helpers';
import { BRANDS, targets } from './targets';

const RFC3339_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe.each(targets)('GET /events on $name', (target) => {
  test('default listing: not-ended events, soonest first, ties by id, list shape', async () => {
    const items = await listAll(target);
    expect(items.length).toBeGreaterThan(100);
    const now = Date.now();
    for (const e of items) {
      expect(e.producer).toBeNull();
      expect(e).toHaveProperty('status');
      const end = e.ends_at ? Date.parse(e.ends_at) : Date.parse(e.starts_at!) + 24 * 3600_000;
      expect(end, e.slug).toBeGreaterThanOrEqual(now - 60_000);
    }
    for (let i = 1; i < items.length; i++) {
      const a = items[i - 1]!;
      const b = items[i]!;
      const order = Date.parse(a.starts_at!) - Date.parse(b.starts_at!) || a.id - b.id;
      expect(order, `${a.slug} before ${b.slug}`).toBeLessThan(0);
    }
    expect(items.some((e) => e.status === 'Ativo')).toBe(true);
    expect(items.some((e) => e.is_closed)).toBe(true);
    expect(items.some((e) => e.is_online && e.location === null)).toBe(true);
  });

  test('dates are RFC 3339 with the offset of the event time zone; coordinates are strings; url from the registry', async () => {
    const items = await listAll(target);
    const offsets: Record<string, string> = { 'America/Sao_Paulo': '-03:00', 'America/Manaus': '-04:00', 'America/Recife': '-03:00', 'America/Cuiaba': '-04:00' };
    const seen = new Set<string>();
    let withCoordinates = 0;
    for (const e of items) {
      expect(e.starts_at).toMatch(RFC3339_OFFSET);
      if (e.ends_at) expect(e.ends_at).toMatch(RFC3339_OFFSET);
      const expected = offsets[e.timezone ?? ''];
      if (expected) {
        expect(e.starts_at!.endsWith(expected), `${e.slug} ${e.starts_at} ${e.timezone}`).toBe(true);
        seen.add(e.timezone!);
      }
      expect(e.url).toBe(`http://aurora.localhost:${target.port}/eventos/${e.slug}`);
      if (e.location && e.location.latitude !== null) {
        expect(typeof e.location.latitude).toBe('string');
        expect(typeof e.location.longitude).toBe('string');
        expect(Number.isFinite(Number(e.location.latitude))).toBe(true);
        withCoordinates++;
      }
    }
    expect(withCoordinates).toBeGreaterThan(items.length / 2);
    expect([...seen].sort()).toEqual(Object.keys(offsets).sort());
  });

  test.each([
    ['sao paulo', ['sao', 'paulo']],
    ['São Paulo', ['sao', 'paulo']],
    ['SÃO PAULO', ['sao', 'paulo']],
    ['forro', ['forro']],
    ['Forró', ['forro']],
    ['florianopolis', ['florianopolis']],
    ['goiania', ['goiania']],
    ['belem', ['belem']],
  ])('q=%s matches name, venue, city or producer, accent- and case-insensitive', async (q, words) => {
    const result = await list(target, `q=${encodeURIComponent(q)}&per_page=50`);
    expect(result.meta.total).toBeGreaterThan(0);
    for (const e of result.data) {
      let hay = fold([e.name, e.location?.name, e.location?.city, e.location?.state].join(' '));
      if (!words.every((w) => hay.includes(w))) {
        const detail = (await api(target, `/events/${e.slug}`)).json() as Detail;
        hay += ` ${fold(detail.producer?.name)}`;
      }
      for (const w of words) expect(hay, `${e.slug} for ${q}`).toContain(w);
    }
  });

  test('q variants with and without accents give the same results', async () => {
    const a = await list(target, 'q=sao+paulo&per_page=50');
    const b = await list(target, `q=${encodeURIComponent('SÃO PAULO')}&per_page=50`);
    expect(b.data.map((e) => e.id)).toEqual(a.data.map((e) => e.id));
    expect(a.meta.total).toBe(b.meta.total);
  });

  test('q ranks events named after the term above events that only take place there', async () => {
    const result = await list(target, 'q=sao+paulo&per_page=50');
    const named = result.data.map((e) => fold(e.name).includes('sao paulo'));
    const firstUnnamed = named.indexOf(false);
    if (firstUnnamed >= 0) expect(named.slice(firstUnnamed).includes(true)).toBe(false);
    expect(named[0]).toBe(true);
  });

  test('q without letters or digits is the default listing', async () => {
    const plain = await list(target, 'per_page=5');
    const symbols = await list(target, `q=${encodeURIComponent('!!! ...')}&per_page=5`);
    expect(symbols).toEqual(plain);
  });

  test('city filter is an accent- and case-insensitive equality', async () => {
    const a = await listAll(target, 'city=sao+paulo');
    const b = await listAll(target, `city=${encodeURIComponent('SÃO PAULO')}`);
    expect(a.length).toBeGreaterThan(0);
    expect(b.map((e) => e.id)).toEqual(a.map((e) => e.id));
    for (const e of a) expect(e.location?.city).toBe('São Paulo');
    expect((await list(target, 'city=sao')).meta.total).toBe(0);
  });

  test('state filter takes two letters, case-insensitive; anything else matches nothing', async () => {
    const upper = await listAll(target, 'state=SP');
    const lower = await listAll(target, 'state=sp');
    expect(upper.length).toBeGreaterThan(0);
    expect(lower.map((e) => e.id)).toEqual(upper.map((e) => e.id));
    for (const e of upper) expect(e.location?.state_abbr).toBe('SP');
    expect((await list(target, 'state=SPX')).meta.total).toBe(0);
    expect((await list(target, 'state=S')).meta.total).toBe(0);
  });

  test('organization filter is the producer slug', async () => {
    const first = (await list(target, 'per_page=1')).data[0]!;
    const producer = ((await api(target, `/events/${first.slug}`)).json() as Detail).producer!;
    const items = await listAll(target, `organization=${producer.slug}`);
    expect(items.map((e) => e.slug)).toContain(first.slug);
    for (const e of items.slice(0, 10)) {
      expect(((await api(target, `/events/${e.slug}`)).json() as Detail).producer?.slug).toBe(producer.slug);
    }
    expect((await list(target, 'organization=no-such-producer')).meta.total).toBe(0);
  });

  test('filters combine with search', async () => {
    const items = await listAll(target, 'q=festival&state=SP');
    for (const e of items) {
      expect(e.location?.state_abbr).toBe('SP');
      expect(fold(e.name)).toContain('festival');
    }
  });

  test.each([
    ['', 1, 20],
    ['page=0', 1, 20],
    ['page=-5', 1, 20],
    ['page=abc', 1, 20],
    ['page=', 1, 20],
    ['page=2.7', 2, 20],
    ['per_page=0', 1, 1],
    ['per_page=-3', 1, 1],
    ['per_page=51', 1, 50],
    ['per_page=1000', 1, 50],
    ['per_page=abc', 1, 20],
    ['per_page=7.9', 1, 7],
    ['page=1e400&per_page=1e400', 1, 20],
    ['page=2&page=3', 2, 20],
  ])('paging %s is clamped: page %i, per_page %i, reported in meta', async (query, page, perPage) => {
    const result = await list(target, query);
    expect(result.meta.current_page).toBe(page);
    expect(result.meta.per_page).toBe(perPage);
    expect(result.data.length).toBeLessThanOrEqual(perPage);
    expect(result.meta.last_page).toBe(Math.max(1, Math.ceil(result.meta.total / perPage)));
  });

  test('pages tile the listing without gaps or repeats', async () => {
    const all = await listAll(target);
    const p1 = await list(target, 'per_page=7&page=1');
    const p2 = await list(target, 'per_page=7&page=2');
    expect([...p1.data, ...p2.data].map((e) => e.id)).toEqual(all.slice(0, 14).map((e) => e.id));
  });

  test('a page past the end is empty with a true meta', async () => {
    const first = await list(target, 'per_page=10');
    const past = await list(target, `per_page=10&page=${first.meta.last_page + 1}`);
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ ...first.meta, current_page: first.meta.last_page + 1 });
    const far = await list(target, 'per_page=50&page=999999');
    expect(far.data).toEqual([]);
    expect(far.meta.total).toBe(first.meta.total);
  });

  test('a search that matches nothing is an empty page with last_page 1', async () => {
    const result = await list(target, 'q=zzzzqqqxxx');
    expect(result).toEqual({ data: [], meta: { total: 0, total_relation: 'eq', per_page: 20, current_page: 1, last_page: 1 } });
  });

  test('each brand sees only its own events', async () => {
    const byBrand = await Promise.all(BRANDS.map((b) => listAll(target, '', b)));
    const slugs = byBrand.map((items) => new Set(items.map((e) => e.slug)));
    for (let i = 0; i < BRANDS.length; i++) {
      expect(byBrand[i]!.length).toBeGreaterThan(0);
      for (const e of byBrand[i]!) expect(e.url.startsWith(`http://${BRANDS[i]}.localhost:${target.port}/eventos/`)).toBe(true);
      for (let j = 0; j < BRANDS.length; j++) {
        if (i === j) continue;
        for (const s of slugs[i]!) expect(slugs[j]!.has(s)).toBe(false);
      }
    }
    const foreign = byBrand[1]![0]!.slug;
    const res = await api(target, `/events/${foreign}`, { brand: 'aurora' });
    expect(res.status).toBe(404);
    expect((res.json() as { code: string }).code).toBe('event_not_found');
  });

  test('unknown query parameters are ignored', async () => {
    expect(await list(target, 'per_page=3&foo=bar&order=desc')).toEqual(await list(target, 'per_page=3'));
  });
});
