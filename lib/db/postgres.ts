import pg from 'pg';
import { DbReadOnlyError, DbUnavailableError, type Db, type Queryable, type QueryOptions } from './types';

// Errors that mean "the server is not there or not answering", as opposed to a bad query.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '57014']);

function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code && CONNECTION_CODES.has(code)) return true;
  return /timeout|terminated|Connection|connect/i.test(err.message);
}

function translate(err: unknown): unknown {
  if ((err as { code?: string } | null)?.code === '25006') {
    return new DbReadOnlyError('the database connection is read-only: writes go to the primary (DATABASE_PRIMARY_URL, or an instance on the primary)', { cause: err });
  }
  return isConnectionError(err) ? new DbUnavailableError('catalog database unavailable', { cause: err }) : err;
}

/**
 * The URL without its `options` parameter, and the server options it carried followed by
 * ours: pg lets a URL's `options` replace the pool's, and a replica's URL carries its own
 * (`?options=-c default_transaction_read_only=on`).
 */
export function splitOptions(url: string, ours: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const theirs = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: theirs ? `${theirs} ${ours}` : ours };
}

const LISTEN_RETRY_MS = 5_000;

/**
 * How many statements a connection keeps prepared. Past it, the connection is closed
 * after its statement and the pool opens a fresh one, so that texts that keep changing
 * (a search's shapes are many) cannot fill the server's memory.
 */
export const MAX_PREPARED = 100;
/** How many texts keep their name: the most recently run. */
const NAMED_TEXTS = 4 * MAX_PREPARED;

/**
 * A PostgreSQL server behind a pool whose every wait is bounded by `timeoutMs`. With
 * `prepare: false`, a statement marked PREPARED runs as any other (for a pooler that
 * cannot keep prepared statements).
 */
export function openPostgres(url: string, timeoutMs: number, poolSize: number, { prepare = true }: { prepare?: boolean } = {}): Db {
  // The catalog's statements read a page's worth of index entries, but the planner
  // prices a walk of the postings at its worst case: above jit_above_cost, compiling
  // the plan (tens of milliseconds) would cost several times the statement itself; and
  // parallel workers, started for one statement, took a sort of a word's every entry
  // (35,000 at 1,000,000 events) over an ordered read that stops after a page, while
  // the requests beside it wanted the same cores.
  const { connectionString, options } = splitOptions(url, '-c jit=off -c max_parallel_workers_per_gather=0');
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'event-catalog',
    options,
  });
  // An idle client that loses its server emits here; without a listener the process would exit.
  pool.on('error', () => {});
  let count = 0;
  // A name per prepared text, the most recently run last; a name is never given to
  // another text, since pg parses a name once per connection.
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (sql: string): string => {
    let name = names.get(sql);
    if (name !== undefined) names.delete(sql);
    else if (names.size >= NAMED_TEXTS) names.delete(names.keys().next().value!);
    names.set(sql, (name ??= `catalog_${++named}`));
    return name;
  };
  // The names each connection has prepared.
  const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

  const prepared = async (client: pg.ClientBase, sql: string, params?: unknown[]) => {
    const name = nameOf(sql);
    const res = await client.query({ name, text: sql, values: params as unknown[] });
    const held = preparedOn.get(client) ?? new Set();
    preparedOn.set(client, held.add(name));
    return res;
  };

  const run = async <T>(client: pg.ClientBase | pg.Pool, sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]> => {
    count++;
    try {
      if (!prepare || !options?.prepare) return (await client.query({ text: sql, values: params as unknown[] })).rows as T[];
      if (!(client instanceof pg.Pool)) return (await prepared(client, sql, params)).rows as T[];
      // As pool.query, on a connection of our own choosing: one that fails is closed, and
      // so is one that holds more than MAX_PREPARED statements.
      const connection = await pool.connect();
      let failed: Error | undefined;
      try {
        return (await prepared(connection, sql, params)).rows as T[];
      } catch (err) {
        failed = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        connection.release(failed ?? (preparedOn.get(connection)?.size ?? 0) > MAX_PREPARED);
      }
    } catch (err) {
      throw translate(err);
    }
  };

  return {
    kind: 'postgres',
    get queryCount() {
      return count;
    },
    query: (sql, params, options) => run(pool, sql, params, options),
    async exec(sql) {
      await run(pool, sql);
    },
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw translate(err);
      }
      const tx: Queryable = { query: (sql, params, options) => run(client, sql, params, options) };
      try {
        await tx.query('BEGIN');
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString, options, connectionTimeoutMillis: timeoutMs, application_name: 'event-catalog-listen' });
        client = c;
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify();
        });
        // A lost connection is made again (what changed meanwhile shows at the window's end).
        const again = () => {
          if (stopped || client !== c) return;
          client = undefined;
          retry = setTimeout(() => void connect().catch(again), LISTEN_RETRY_MS);
          retry.unref?.();
        };
        c.on('error', again);
        c.on('end', again);
        await c.connect();
        await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
