import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { citySlug } from '../catalog/listing/landing-subjects';
import type { EventListItem } from '../catalog/public-schema';
import { landingFeedPath, listingFeedPath, webcalUrl } from './calendar-feed';
import { eventCalendar, eventUid, feedCalendar, sequenceOf } from './icalendar';
import { itemListJsonLd } from './item-list-json-ld';
import { scriptJson } from './json-ld';
import { findLanding, isLandingPath, landingPath } from './landing';

const brand = demoRegistry(3000).brands[0]!;
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const item = (slug: string, over: Partial<EventListItem> = {}): EventListItem =>
  ({
    id: 1,
    slug,
    name: `Show ${slug}`,
    description: '<p>Noite de <em>forró</em>.</p>',
    status: 'Ativo',
    starts_at: '2026-12-05T21:00:00-03:00',
    ends_at: '2026-12-05T23:30:00-03:00',
    timezone: 'America/Recife',
    is_online: false,
    is_closed: false,
    url: `${brand.site_url}/eventos/${slug}`,
    images: { banner: null, thumbnail: null },
    location: { name: 'Arena', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: null, latitude: null, longitude: null },
    producer: null,
    ...over,
  }) as EventListItem;

describe('landing page addresses', () => {
  test.each([
    ['São Paulo', 'sao-paulo'],
    ['Recife', 'recife'],
    ['Santa Bárbara d’Oeste', 'santa-barbara-d-oeste'],
    ['  Mogi  das Cruzes ', 'mogi-das-cruzes'],
    ['Ñandú (Centro)', 'nandu-centro'],
  ])('the city %s lives under /eventos-em/%s', (city, slug) => {
    expect(citySlug(city)).toBe(slug);
    expect(landingPath('city', citySlug(city))).toBe(`/eventos-em/${slug}`);
  });

  test('only the three kinds of landing page are landing paths', () => {
    for (const path of ['/eventos-em/recife', '/categoria/teatro', '/produtores/silva']) expect(isLandingPath(path)).toBe(true);
    for (const path of ['/', '/eventos/recife', '/eventos-em', '/categoria/teatro/calendario.ics', '/produtores/']) expect(isLandingPath(path)).toBe(false);
  });

  test('a category is known by its slug alone, with its label as heading and the category filter', async () => {
    const landing = (await findLanding(brand, 'category', 'teatro'))!;
    expect(landing.heading).toBe('Teatro e espetáculos');
    expect(landing.path).toBe('/categoria/teatro');
    expect(landing.params.toString()).toBe('category=teatro');
    expect(await findLanding(brand, 'category', 'no-such-category')).toBeNull();
  });
});

describe('calendar feed addresses', () => {
  test('a listing feed keeps the listing filters, not its paging or blanks', () => {
    expect(listingFeedPath(new URLSearchParams('q=forró&city=Recife&page=3&per_page=10&state='))).toBe('/calendario.ics?q=forr%C3%B3&city=Recife');
    expect(listingFeedPath(new URLSearchParams())).toBe('/calendario.ics');
    expect(landingFeedPath({ path: '/eventos-em/recife' })).toBe('/eventos-em/recife/calendario.ics');
  });

  test('the webcal address is on the brand host, whatever the scheme of its site', () => {
    expect(webcalUrl(brand, '/calendario.ics?q=a')).toBe('webcal://aurora.localhost:3000/calendario.ics?q=a');
    expect(webcalUrl({ ...brand, site_url: 'https://ingressos.example' }, '/categoria/teatro/calendario.ics')).toBe('webcal://ingressos.example/categoria/teatro/calendario.ics');
  });
});

describe('calendar feed', () => {
  const revision = new Date('2026-11-20T10:00:00Z');
  const info = { name: 'Eventos em Recife, PE; <b>\n— Aurora', description: 'Próximos, os primeiros', url: `${brand.site_url}/eventos-em/recife/calendario.ics`, refreshSeconds: 3600 };
  const text = feedCalendar(brand, info, [
    { event: item('a'), revision },
    { event: item('sem-data', { starts_at: null }), revision },
    { event: item('b'), revision: null },
  ], new Date('2026-11-25T00:00:00Z'));
  const u = unfold(text);

  test('a named calendar with its refresh interval, its own URL, and text escaped', () => {
    expect(u).toContain('\r\nNAME:Eventos em Recife\\, PE\\; <b>\\n— Aurora\r\n');
    expect(u).toContain('\r\nX-WR-CALNAME:Eventos em Recife\\, PE\\; <b>\\n— Aurora\r\n');
    expect(u).toContain('\r\nX-WR-CALDESC:Próximos\\, os primeiros\r\n');
    expect(u).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(u).toContain('\r\nX-PUBLISHED-TTL:PT1H\r\n');
    expect(u).toContain(`\r\nURL:${info.url}\r\n`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  test('an event without a start is left out; the others keep their order', () => {
    expect([...u.matchAll(/\r\nUID:([^\r]+)/g)].map((m) => m[1])).toEqual([eventUid(brand, 'a'), eventUid(brand, 'b')]);
  });

  test('an event reads the same in the feed and in its own file: UID, DTSTAMP, LAST-MODIFIED, SEQUENCE', () => {
    const single = unfold(eventCalendar(brand, item('a'), revision, new Date('2030-01-01T00:00:00Z'))!);
    const vevent = (s: string) => /BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT/.exec(s)![0];
    expect(vevent(single)).toBe(vevent(u));
    expect(vevent(u)).toContain('\r\nDTSTAMP:20261120T100000Z\r\n');
    expect(vevent(u)).toContain('\r\nLAST-MODIFIED:20261120T100000Z\r\n');
    expect(vevent(u)).toContain(`\r\nSEQUENCE:${sequenceOf(revision)}\r\n`);
  });

  test('a later change is a higher SEQUENCE and a new DTSTAMP under the same UID', () => {
    const later = new Date(revision.getTime() + 1000);
    expect(sequenceOf(later)).toBeGreaterThan(sequenceOf(revision));
    expect(sequenceOf(new Date('2088-01-01T00:00:00Z'))).toBeLessThan(2 ** 31);
    const moved = unfold(eventCalendar(brand, item('a', { starts_at: '2026-12-06T21:00:00-03:00', ends_at: '2026-12-06T23:30:00-03:00' }), later)!);
    expect(moved).toContain(`\r\nUID:${eventUid(brand, 'a')}\r\n`);
    expect(moved).toContain('\r\nDTSTAMP:20261120T100001Z\r\n');
    expect(moved).toContain('\r\nDTSTART:20261207T000000Z\r\n');
  });

  test('without a known change the stamp is the time of writing, SEQUENCE 0 and no LAST-MODIFIED', () => {
    const b = /UID:[^\r]*b@[\s\S]*?END:VEVENT/.exec(u)![0];
    expect(b).toContain('\r\nDTSTAMP:20261125T000000Z\r\n');
    expect(b).toContain('\r\nSEQUENCE:0\r\n');
    expect(b).not.toContain('LAST-MODIFIED');
  });
});

describe('ItemList of a listing page', () => {
  test('positions go on from the page offset; catalog text cannot close the script', () => {
    const doc = itemListJsonLd('Eventos em Recife', `${brand.site_url}/eventos-em/recife?page=2`, [item('a'), item('b', { name: '</script><script>alert(1)</script>' })], 20);
    expect(doc.itemListElement.map((e) => e.position)).toEqual([21, 22]);
    expect(doc.numberOfItems).toBe(2);
    expect(doc.itemListElement[0]!.url).toBe(`${brand.site_url}/eventos/a`);
    const json = scriptJson(doc);
    expect(json).not.toContain('</script');
    expect(JSON.parse(json).itemListElement[1].name).toBe('</script><script>alert(1)</script>');
  });
});
