import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, postgresReachable } from '../../e2e/support/postgres';
import { syncBrands } from '../startup/catalog';
import { isWritable, migrate, pendingMigrations } from './migrate';
import { openPglite } from './pglite';
import { openPostgres, splitOptions } from './postgres';
import { DbReadOnlyError, isDbReadOnly, type Db } from './types';

const postgres = await postgresReachable();

test("a replica URL's server options are kept beside the pool's own", () => {
  expect(splitOptions('postgres://u@h:5432/db?options=-c%20default_transaction_read_only%3Don&sslmode=disable', '-c jit=off')).toEqual({
    connectionString: 'postgres://u@h:5432/db?sslmode=disable',
    options: '-c default_transaction_read_only=on -c jit=off',
  });
  expect(splitOptions('postgres://u@h/db', '-c jit=off').options).toBe('-c jit=off');
});

// A read-only connection: PostgreSQL through the URL a replica would be given, PGlite by the same setting.
type Backend = { name: string; open: () => Promise<{ primary: Db; replica: () => Promise<Db>; close: () => Promise<void> }> };
const backends: Backend[] = [
  {
    name: 'PGlite',
    open: async () => {
      const db = await openPglite();
      return {
        primary: db,
        replica: async () => (await db.exec('SET default_transaction_read_only = on'), db),
        close: () => db.close(),
      };
    },
  },
  ...(postgres || process.env.CI === 'true'
    ? [
        {
          name: 'PostgreSQL',
          open: async () => {
            const created = await createTestDatabase('catalog_read_only');
            const primary = openPostgres(created.url, 30_000, 2);
            const readOnly = `${created.url}?options=${encodeURIComponent('-c default_transaction_read_only=on')}`;
            let replica: Db | undefined;
            return {
              primary,
              replica: async () => (replica = openPostgres(readOnly, 30_000, 2)),
              close: async () => (await replica?.close(), await primary.close(), await created.drop()),
            };
          },
        },
      ]
    : []),
];

describe.each(backends)('starting on a read-only connection ($name)', ({ open }) => {
  let primary: Db;
  let replica: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await open();
    ({ primary, close } = opened);
    // The first start migrates on the primary: the replica is refused with the reason.
    replica = await opened.replica();
    if (replica !== primary) {
      await expect(migrate(replica)).rejects.toThrow(/lacks 001-catalog.*read-only: apply the migrations on the primary/);
      await migrate(primary);
      await syncBrands(primary);
    }
  }, 60_000);
  afterAll(() => close?.());

  test('a current schema starts without a write, and a write is refused', async () => {
    if (replica === primary) {
      await primary.exec('SET default_transaction_read_only = off');
      await migrate(primary);
      await syncBrands(primary);
      await primary.exec('SET default_transaction_read_only = on');
    }
    expect(await isWritable(replica)).toBe(false);
    expect(await pendingMigrations(replica)).toEqual([]);
    expect(await migrate(replica)).toEqual([]);
    await syncBrands(replica);
    const refused = await replica.query(`UPDATE catalog_state SET version = version + 1`).then(() => undefined, (err: unknown) => err);
    expect(String(refused)).toMatch(/read-only/);
    // PostgreSQL's refusal (25006) is told from an outage: the account forms and API answer it as read_only.
    if (replica.kind === 'postgres') {
      expect(refused).toBeInstanceOf(DbReadOnlyError);
      expect(isDbReadOnly(refused)).toBe(true);
    }
    expect(await isWritable(primary)).toBe(replica === primary ? false : true);
  });
});
