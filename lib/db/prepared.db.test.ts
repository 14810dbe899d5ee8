import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, postgresReachable } from '../../e2e/support/postgres';
import { openPglite } from './pglite';
import { MAX_PREPARED, openPostgres } from './postgres';
import { PREPARED, type Db } from './types';

const postgres = await postgresReachable();

describe.skipIf(!postgres && process.env.CI !== 'true')('prepared statements (PostgreSQL)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  // One connection, so that pg_prepared_statements shows the statements of the one that ran them.
  beforeAll(async () => {
    const created = await createTestDatabase('catalog_prepared');
    drop = created.drop;
    db = openPostgres(created.url, 30_000, 1);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  type Kept = { name: string; statement: string; generic_plans: number; custom_plans: number };
  const kept = () => db.query<Kept>('SELECT name, statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY prepare_time, name');

  test('a text run with PREPARED is parsed once under one name, keeps a generic plan after a few runs, and answers as it would unprepared', async () => {
    const sql = 'SELECT $1::int * 2 AS doubled, $2::text AS said';
    for (let i = 1; i <= 8; i++) expect(await db.query(sql, [i, `run ${i}`], PREPARED)).toEqual([{ doubled: 2 * i, said: `run ${i}` }]);
    // Unprepared, the same text leaves nothing behind.
    expect(await db.query('SELECT $1::int + 1 AS next', [1])).toEqual([{ next: 2 }]);
    const [one, ...others] = await kept();
    expect(others).toEqual([]);
    expect(one).toMatchObject({ name: 'catalog_1', statement: sql });
    // PostgreSQL plans the first five runs for their values, then keeps one plan for all.
    expect(one!.generic_plans).toBeGreaterThan(0);
    expect(one!.custom_plans).toBeLessThanOrEqual(5);
  });

  test('with prepare: false (DB_PREPARED_STATEMENTS=off), nothing is kept prepared', async () => {
    const created = await createTestDatabase('catalog_unprepared');
    const plain = openPostgres(created.url, 30_000, 1, { prepare: false });
    try {
      for (let i = 1; i <= 3; i++) expect(await plain.query('SELECT $1::int * 2 AS doubled', [i], PREPARED)).toEqual([{ doubled: 2 * i }]);
      expect(await plain.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual([{ n: 0 }]);
    } finally {
      await plain.close();
      await created.drop();
    }
  });

  test('inside a transaction too, under the same name', async () => {
    const sql = 'SELECT $1::int * 2 AS doubled, $2::text AS said';
    expect(await db.transaction((tx) => tx.query(sql, [21, 'tx'], PREPARED))).toEqual([{ doubled: 42, said: 'tx' }]);
    expect((await kept()).map((k) => k.name)).toEqual(['catalog_1']);
  });

  test(`a connection that holds more than ${MAX_PREPARED} statements is replaced after its statement; every text still answers`, async () => {
    const pid = async () => (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
    const first = await pid();
    for (let i = 0; i < MAX_PREPARED + 5; i++) expect(await db.query(`SELECT $1::int + ${i} AS n`, [1], PREPARED)).toEqual([{ n: 1 + i }]);
    // The first connection held catalog_1, then these texts: the run that made 101 closed it.
    expect(await pid()).not.toBe(first);
    const names = (await kept()).map((k) => k.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(MAX_PREPARED);
    // A text seen before keeps its name on the new connection.
    await db.query(`SELECT $1::int + ${MAX_PREPARED + 4} AS n`, [1], PREPARED);
    expect((await kept()).map((k) => k.name)).toEqual(names);
  });
});

test('PGlite runs a statement with PREPARED as any other', async () => {
  const db = await openPglite();
  try {
    expect(await db.query('SELECT $1::int * 2 AS doubled', [4], PREPARED)).toEqual([{ doubled: 8 }]);
  } finally {
    await db.close();
  }
});
