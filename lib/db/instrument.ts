import type { Db, Queryable } from './types';
import { DbUnavailableError } from './types';
import { metrics } from '../observability/metrics';
import { inSpan } from '../observability/tracing';

/** The first SQL keyword of a statement (select, insert, with…): a bounded label. */
function operation(sql: string): string {
  const m = /^\s*([a-z]+)/i.exec(sql);
  const word = m?.[1]?.toLowerCase() ?? 'other';
  return ['select', 'with', 'insert', 'update', 'delete', 'begin', 'commit', 'rollback', 'create', 'alter', 'vacuum', 'analyze', 'set', 'show'].includes(word) ? word : 'other';
}

/**
 * The database with every statement timed (histogram by backend and operation), its
 * failures counted, and a span per statement. The pool gauge follows the catalog's pool;
 * another database (the accounts' primary) passes `poolGauge: false`.
 */
export function instrumentDb(db: Db, options: { poolGauge?: boolean } = {}): Db {
  const m = metrics();
  if (db.poolStats && options.poolGauge !== false) m.pool.stats = db.poolStats;
  const timed = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const op = operation(sql);
    const end = m.dbQuery.startTimer({ backend: db.kind, operation: op });
    return inSpan(`db ${op}`, { 'db.system.name': 'postgresql', 'db.operation.name': op, 'catalog.db.backend': db.kind }, run).then(
      (result) => {
        end();
        return result;
      },
      (error: unknown) => {
        end();
        m.dbErrors.inc({ backend: db.kind, operation: op, kind: error instanceof DbUnavailableError ? 'unavailable' : 'query' });
        throw error;
      },
    );
  };
  const wrap = (q: Queryable): Queryable => ({ query: (sql, params, how) => timed(sql, () => q.query(sql, params, how)) });
  return {
    kind: db.kind,
    get queryCount() {
      return db.queryCount;
    },
    poolStats: db.poolStats,
    listen: db.listen,
    query: (sql, params, how) => timed(sql, () => db.query(sql, params, how)),
    exec: (sql) => timed(sql, () => db.exec(sql)),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
