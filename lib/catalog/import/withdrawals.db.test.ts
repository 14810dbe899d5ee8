import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { demoRegistry } from '../../brand/registry';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { listEvents } from '../listing/events';
import { importLines, type ImportOptions } from '.';
import { eventSql } from '../event/read';
import { parseListQuery } from '../listing/query-params';
import type { EventRecord } from '../record';
import { eventRevisions } from '../revisions';
import { readEventPages } from '../listing/sitemap';
import { findWithdrawal } from './withdrawals';

const brands = demoRegistry(3000).brands;
const brandIds = new Set(brands.map((b) => b.id));
const anchor = new Date('2026-11-23T00:00:00Z');
const records = [...generateDemo({ brands, events: 60, anchor })] as unknown as EventRecord[];
const lines = (rs: unknown[]) => rs.map((r) => JSON.stringify(r));
const withdrawal = (r: EventRecord) => JSON.stringify({ brand: r.brand, slug: r.slug, withdrawn: true });

const backends = await catalogBackends('catalog_withdrawals', { connections: 4 });

describe.each(backends)('withdrawing events ($name)', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  const brandOf = (id: string) => brands.find((b) => b.id === id)!;
  const ofBrand = (id: string) => records.filter((r) => r.brand === id);
  const run = (input: string[] | AsyncIterable<string>, options?: ImportOptions) => importLines(db, input, brandIds, undefined, options);
  const eventRow = async (r: EventRecord) =>
    (await db.query<{ id: string }>('SELECT id::text AS id FROM events WHERE brand_id = $1 AND slug = $2', [r.brand, r.slug]))[0];
  const slugs = async (brandId: string) => new Set((await readEventPages(db, brandId, 0, 10_000)).map((p) => p.slug));
  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params))[0]!.n;

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, records);
  }, 120_000);
  afterAll(() => close?.());

  test('a withdrawal line deletes the event with its tickets, postings and revision, and leaves a tombstone', async () => {
    const r = ofBrand('aurora').find((x) => x.sectors.length > 0)!;
    const id = (await eventRow(r))!.id;
    expect(await count('SELECT count(*)::int AS n FROM search_postings WHERE event_id = $1', [id])).toBeGreaterThan(0);
    const sectorsBefore = await count('SELECT count(*)::int AS n FROM ticket_sectors');
    const own = await count('SELECT count(*)::int AS n FROM ticket_sectors WHERE event_id = $1', [id]);
    expect(own).toBeGreaterThan(0);

    const report = await run([withdrawal(r)]);
    expect(report).toMatchObject({ lines: 1, imported: 0, withdrawn: 1, failed: [] });
    expect(await eventRow(r)).toBeUndefined();
    expect(await count('SELECT count(*)::int AS n FROM search_postings WHERE event_id = $1', [id])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM ticket_sectors')).toBe(sectorsBefore - own);
    expect(await count('SELECT count(*)::int AS n FROM ticket_lots l WHERE NOT EXISTS (SELECT 1 FROM ticket_sectors s WHERE s.id = l.sector_id)')).toBe(0);
    expect(await slugs('aurora')).not.toContain(r.slug);
    expect((await eventRevisions(brandOf('aurora'), [Number(id)], db)).size).toBe(0);
    expect(await findWithdrawal(db, 'aurora', r.slug)).toMatchObject({ withdrawn_at: expect.any(String) });
    // Search and listings no longer find it.
    const search = await listEvents(brandOf('aurora'), parseListQuery(new URLSearchParams(`q=${encodeURIComponent(r.name)}&per_page=50`)), { now: anchor, db });
    expect(search.list.data.map((e) => e.slug)).not.toContain(r.slug);
    const listing = (await listEvents(brandOf('aurora'), parseListQuery(new URLSearchParams('per_page=50')), { now: anchor, db })).list;
    expect(listing.data.map((e) => e.slug)).not.toContain(r.slug);
    // Withdrawing it again changes nothing: the line is idempotent.
    expect(await run([withdrawal(r)])).toMatchObject({ withdrawn: 0, failed: [] });
  });

  test('a withdrawn slug is not given to a different event unless the import says so; the same event may come back', async () => {
    const [same, other] = ofBrand('mare');
    await run([withdrawal(same!), withdrawal(other!)]);
    const impostor = { ...other!, name: 'Outro evento qualquer' };
    const kept = await run(lines([impostor]));
    expect(kept.imported).toBe(0);
    expect(kept.failed).toEqual([{ line: 1, reason: expect.stringContaining('withdrawn from a different event') }]);
    expect(await eventRow(other!)).toBeUndefined();

    // The same event (same name and start) comes back, and its tombstone goes.
    expect(await run(lines([same]))).toMatchObject({ imported: 1, failed: [] });
    expect(await eventRow(same!)).toBeDefined();
    expect(await findWithdrawal(db, 'mare', same!.slug)).toBeUndefined();

    // Told to reinstate, the slug goes to the different event.
    expect(await run(lines([impostor]), { reinstate: true })).toMatchObject({ imported: 1, failed: [] });
    expect(await findWithdrawal(db, 'mare', other!.slug)).toBeUndefined();
  });

  test('a whole catalog withdraws what it lacks of its brands only, within the bound, and a dry run writes nothing', async () => {
    const sertao = ofBrand('sertao');
    const kept = sertao.slice(2);
    const gone = sertao.slice(0, 2);
    const before = await slugs('sertao');
    const auroraBefore = await slugs('aurora');

    const dry = await run(lines(kept), { whole: true, dryRun: true });
    expect(dry.plan).toMatchObject({ added: 0, changed: 0, unchanged: kept.length, blocked: [] });
    expect(dry.plan!.withdrawn.map((k) => k.slug).sort()).toEqual(gone.map((r) => r.slug).sort());
    expect(await slugs('sertao')).toEqual(before);

    // Past the bound (here none may go), nothing is withdrawn and the refusal says why.
    const refused = await run(lines(kept), { whole: true, maxWithdrawShare: 0 });
    expect(refused.withdrawn).toBe(0);
    expect(refused.refused).toEqual([{ brand: 'sertao', reason: expect.stringContaining(`would withdraw 2 of ${before.size} events`) }]);
    expect(await slugs('sertao')).toEqual(before);

    const report = await run(lines(kept), { whole: true });
    expect(report).toMatchObject({ imported: kept.length, withdrawn: 2, failed: [] });
    expect(report.refused).toBeUndefined();
    const after = await slugs('sertao');
    for (const r of gone) expect(after).not.toContain(r.slug);
    expect(after.size).toBe(before.size - 2);
    expect(await slugs('aurora')).toEqual(auroraBefore);
  });

  test('a whole catalog keeps the events of its rejected lines, and withdraws nothing when a line names none', async () => {
    const brand = ofBrand('aurora').filter((r) => r.slug !== undefined);
    const present = [...(await slugs('aurora'))];
    const inCatalog = brand.filter((r) => present.includes(r.slug));
    const [broken, ...rest] = inCatalog;
    const badLine = JSON.stringify({ ...broken, starts_at: 'not a date' });
    const named = await run([badLine, ...lines(rest)], { whole: true });
    expect(named.failed).toHaveLength(1);
    expect(named.withdrawn).toBe(0);
    expect(await eventRow(broken!)).toBeDefined();

    const unreadable = await run(['{"brand": "aurora", "slug":', ...lines(rest.slice(1))], { whole: true });
    expect(unreadable.withdrawn).toBe(0);
    expect(unreadable.refused?.[0]?.reason).toContain('rejected lines name no event');
    expect(await eventRow(rest[0]!)).toBeDefined();
  });

  test('an import stopped half-way keeps its committed batches, and running the same lines again finishes it', async () => {
    const fresh = [...generateDemo({ brands, events: 1300, anchor })]
      .map((r) => ({ ...r, slug: `retomada-${r.slug}` }))
      .slice(0, 700) as unknown as EventRecord[];
    const stopped = async function* () {
      for (const [i, l] of lines(fresh).entries()) {
        if (i === 600) throw new Error('the stream stopped');
        yield l;
      }
    };
    await expect(run(stopped())).rejects.toThrow('the stream stopped');
    const landed = await count(`SELECT count(*)::int AS n FROM events WHERE slug LIKE 'retomada-%'`);
    expect(landed).toBe(500);
    expect(await run(lines(fresh))).toMatchObject({ imported: 700, failed: [] });
    expect(await count(`SELECT count(*)::int AS n FROM events WHERE slug LIKE 'retomada-%'`)).toBe(700);
  }, 120_000);

  test('a stream that pauses has what it sent committed while it waits', async () => {
    const sent = [...generateDemo({ brands, events: 30, anchor })].slice(0, 3).map((r) => ({ ...r, slug: `pausa-${r.slug}` }));
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let reachedPause!: () => void;
    const atPause = new Promise<void>((r) => (reachedPause = r));
    const stream = async function* () {
      for (const r of sent) yield JSON.stringify(r);
      reachedPause();
      await paused;
      yield withdrawal(sent[0] as unknown as EventRecord);
    };
    const running = run(stream(), { flushAfterMs: 50 });
    await atPause;
    let landed = 0;
    for (let i = 0; i < 100 && landed < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      landed = await count(`SELECT count(*)::int AS n FROM events WHERE slug LIKE 'pausa-%'`);
    }
    expect(landed).toBe(3);
    resume();
    expect(await running).toMatchObject({ imported: 3, withdrawn: 1, failed: [] });
    expect(await count(`SELECT count(*)::int AS n FROM events WHERE slug LIKE 'pausa-%'`)).toBe(2);
  });

  test('a withdrawal racing the reads of an event page answers the event or nothing, never an error', async () => {
    const targets = ofBrand('mare').slice(5, 25);
    const present = await slugs('mare');
    const racing = targets.filter((r) => present.has(r.slug));
    expect(racing.length).toBeGreaterThan(5);
    const reads = async () => {
      const outcomes: ('event' | 'none')[] = [];
      for (let i = 0; i < 3; i++) {
        for (const r of racing) {
          const sql = eventSql(brandOf('mare'), r.slug);
          const [row] = await db.query(sql.text, sql.params);
          await db.query('SELECT count(*) FROM ticket_sectors s JOIN events e ON e.id = s.event_id WHERE e.brand_id = $1 AND e.slug = $2', ['mare', r.slug]);
          outcomes.push(row ? 'event' : 'none');
        }
      }
      return outcomes;
    };
    const [outcomes, report] = await Promise.all([reads(), run(racing.map(withdrawal))]);
    expect(report.withdrawn).toBe(racing.length);
    expect(outcomes.length).toBe(racing.length * 3);
    for (const r of racing) expect(await eventRow(r)).toBeUndefined();
  });
});
