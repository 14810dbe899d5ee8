/**
 * How a statement runs. `prepare`: the statement repeats (a constant of the code, or one
 * of the shapes of a listing's SQL) and its best plan does not hang on its parameters'
 * values, so PostgreSQL parses it once per connection and, after five runs, may keep one
 * plan for every value (a named prepared statement; lib/db/postgres.ts bounds how many a
 * connection keeps). Parsing and planning cost a short statement several times its run.
 */
export type QueryOptions = { prepare?: boolean };

/** What catalog code needs from a database: parameterized queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

/** The options of a statement that runs prepared: `db.query(SQL, params, PREPARED)`. */
export const PREPARED: QueryOptions = Object.freeze({ prepare: true });

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Number of queries sent since start; read by tests that prove caching. */
  readonly queryCount: number;
  /**
   * Calls `onNotify` on each NOTIFY of `channel` (PostgreSQL), over a connection of its
   * own that reconnects when lost; resolves to the function that stops listening.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  /** Connections of a pool (PostgreSQL), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The catalog database cannot be reached or did not answer in time. */
export class DbUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbUnavailableError';
  }
}

/**
 * A write refused because the connection is read-only (a replica, or
 * default_transaction_read_only): not a passing failure, so retrying here does not help.
 */
export class DbReadOnlyError extends DbUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbReadOnlyError';
  }
}

/** Whether `err` is a DbReadOnlyError, read by its name: each Next bundle may hold its own copy of the class. */
export function isDbReadOnly(err: unknown): boolean {
  return err instanceof Error && err.name === 'DbReadOnlyError';
}

/** Rejects with DbUnavailableError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbUnavailableError(`${what} took longer than ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
