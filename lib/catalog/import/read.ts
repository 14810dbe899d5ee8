import { eventRecord, withdrawalRecord, type EventRecord, type WithdrawalRecord } from '../record';
import type { ImportReport, LineFailure, Numbered, NumberedWithdrawal } from './report';
import type { EventKey } from './withdrawals';

// Reading an import: NDJSON lines checked one by one against the upstream record's
// schema, then handed on in batches, in the order they came.

/** The most lines a batch holds: each batch is one transaction. */
export const BATCH_SIZE = 500;

/** Validates one NDJSON line: an event, or the withdrawal of one. Blank lines are skipped (null). */
export function parseLine(
  text: string,
  line: number,
  brands: ReadonlySet<string>,
): Numbered | NumberedWithdrawal | LineFailure | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { line, reason: `not valid JSON (${(err as Error).message})` };
  }
  const withdrawal = typeof json === 'object' && json !== null && 'withdrawn' in json;
  const parsed = withdrawal ? withdrawalRecord.safeParse(json) : eventRecord.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
    return { line, reason };
  }
  if (!brands.has(parsed.data.brand)) return { line, reason: `brand: unknown brand "${parsed.data.brand}"` };
  return withdrawal ? { line, withdrawal: parsed.data as WithdrawalRecord } : { line, record: parsed.data as EventRecord };
}

/** The brand and slug a rejected line names, when it is JSON that names them as strings. */
function keyOf(text: string): EventKey | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { brand, slug } = json as { brand?: unknown; slug?: unknown };
  return typeof brand === 'string' && typeof slug === 'string' ? { brand, slug } : undefined;
}

/** Per brand, the slugs a whole catalog names; `unknown` when a rejected line named no readable key. */
export type Seen = { slugs: Map<string, Set<string>>; unknown: number };

function see(seen: Seen | undefined, key: EventKey | undefined): void {
  if (!seen) return;
  if (!key) {
    seen.unknown++;
    return;
  }
  let slugs = seen.slugs.get(key.brand);
  if (!slugs) seen.slugs.set(key.brand, (slugs = new Set()));
  slugs.add(key.slug);
}

/** Reads the lines in order, handing each run of events or of withdrawals to `apply` a batch at a time. */
export async function readBatches(
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  seen: Seen | undefined,
  apply: (batch: Numbered[] | NumberedWithdrawal[]) => Promise<void>,
  flushAfterMs?: number,
): Promise<void> {
  let batch: (Numbered | NumberedWithdrawal)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    await apply(pending as Numbered[] | NumberedWithdrawal[]);
  };
  for await (const text of waitingLines(lines, flushAfterMs, () => batch.length > 0, flush)) {
    report.lines++;
    const result = parseLine(text, report.lines, brands);
    if (result === null) continue;
    if ('reason' in result) {
      report.failed.push(result);
      // A rejected line keeps its event: a whole catalog withdraws nothing it names.
      if (seen) see(seen, keyOf(text));
      continue;
    }
    if ('record' in result) see(seen, result.record);
    // Lines apply in their order: a withdrawal after an event line (or before) ends the batch.
    if (batch.length > 0 && 'record' in batch[0]! !== 'record' in result) await flush();
    batch.push(result);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
}

/**
 * The lines, and, when the next one is longer than `flushAfterMs` in coming (a stream
 * that pauses), a call to `flush` first: what arrived is committed while the stream waits.
 */
async function* waitingLines(
  lines: AsyncIterable<string> | Iterable<string>,
  flushAfterMs: number | undefined,
  holding: () => boolean,
  flush: () => Promise<void>,
): AsyncGenerator<string> {
  if (flushAfterMs === undefined || Symbol.iterator in lines) {
    yield* lines as AsyncIterable<string>;
    return;
  }
  const it = (lines as AsyncIterable<string>)[Symbol.asyncIterator]();
  for (;;) {
    const next = it.next();
    if (holding()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const paused = new Promise<'paused'>((resolve) => (timer = setTimeout(() => resolve('paused'), flushAfterMs)));
      const first = await Promise.race([next, paused]);
      clearTimeout(timer);
      if (first === 'paused') await flush();
    }
    const { value, done } = await next;
    if (done) return;
    yield value;
  }
}
