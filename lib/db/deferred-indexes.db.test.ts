import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { generateDemo } from '../demo/generate';
import { importLines } from '../catalog/import';
import { deferIndexes, deferredIndexes, idempotent, restoreIndexes } from './deferred-indexes';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { Db } from './types';

const brands = demoRegistry(3000).brands;
const brandIds = new Set(brands.map((b) => b.id));
const lines = [...generateDemo({ brands, events: 60, anchor: new Date('2026-11-23T00:00:00Z') })].map((r) => JSON.stringify(r));

describe('indexes set aside while an empty catalog fills', () => {
  let db: Db;
  const indexes = async () =>
    db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE tablename IN ('events', 'search_postings') ORDER BY indexname`,
    );
  let migrated: Array<{ name: string; definition: string }>;
  const emptyCatalog = async () => {
    await db.exec('DELETE FROM ticket_lots; DELETE FROM ticket_sectors; DELETE FROM events; DELETE FROM venues; DELETE FROM producers');
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO brands (id, name) VALUES ('aurora', 'Aurora'), ('mare', 'Maré'), ('sertao', 'Sertão')`);
    migrated = await indexes();
  }, 120_000);
  afterAll(() => db?.close());

  test('set aside: every non-unique index of the tables is dropped and written down; unique ones stay', async () => {
    const names = await deferIndexes(db, ['events', 'search_postings']);
    expect(names).toEqual(expect.arrayContaining(['events_listing_idx', 'events_search_idx', 'events_under_way_idx', 'search_postings_idx']));
    const left = (await indexes()).map((i) => i.name);
    expect(left.sort()).toEqual(migrated.filter((i) => /UNIQUE/.test(i.definition)).map((i) => i.name).sort());
    expect(left.length).toBeGreaterThan(0);
    expect(await deferredIndexes(db)).toEqual([...names].sort());
  });

  test('restored: the same definitions as the migrations made, and the ledger is empty', async () => {
    await restoreIndexes(db);
    expect(await indexes()).toEqual(migrated);
    expect(await deferredIndexes(db)).toEqual([]);
    expect(await restoreIndexes(db)).toEqual([]);
  });

  test('an index that exists already is not an error when restoring', async () => {
    await deferIndexes(db, ['events']);
    await db.exec(idempotent(migrated.find((i) => i.name === 'events_listing_idx')!.definition));
    await restoreIndexes(db);
    expect(await indexes()).toEqual(migrated);
  });

  test('an import into an empty catalog ends with every index, and a search uses the postings', async () => {
    await emptyCatalog();
    const report = await importLines(db, lines, brandIds);
    expect(report.imported).toBe(60);
    expect(await indexes()).toEqual(migrated);
    expect(await deferredIndexes(db)).toEqual([]);
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_postings`)) as [{ n: number }];
    expect(n).toBeGreaterThan(60 * 3);
  });

  test('an import that fails half-way still builds every index before it gives up', async () => {
    await emptyCatalog();
    function* failing() {
      yield* lines.slice(0, 10);
      throw new Error('the file went away');
    }
    await expect(importLines(db, failing(), brandIds)).rejects.toThrow('the file went away');
    expect(await indexes()).toEqual(migrated);
    expect(await deferredIndexes(db)).toEqual([]);
  });

  test('indexes left unbuilt by an import that was killed are built by the next import first', async () => {
    await deferIndexes(db, ['events', 'search_postings']);
    expect((await deferredIndexes(db)).length).toBeGreaterThan(0);
    // The catalog is not empty: this import sets nothing aside and builds what was left.
    const report = await importLines(db, lines.slice(0, 5), brandIds);
    expect(report.imported).toBe(5);
    expect(await indexes()).toEqual(migrated);
    expect(await deferredIndexes(db)).toEqual([]);
  });

  test('an import into a catalog that has events keeps its indexes throughout', async () => {
    const seen: string[][] = [];
    async function* watched() {
      for (const line of lines) {
        seen.push((await indexes()).map((i) => i.name));
        yield line;
      }
    }
    await importLines(db, watched(), brandIds);
    for (const names of seen) expect(names).toEqual(migrated.map((i) => i.name));
  });
});
