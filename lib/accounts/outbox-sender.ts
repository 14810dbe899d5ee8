import { config } from '../config';
import { getAccountsDb } from '../db/accounts';
import type { Db } from '../db/types';
import { onShutdown } from '../lifecycle';
import { logger } from '../observability/log';
import { processShared } from '../process-shared';
import { sendMail } from './mail';
import { drainOutbox } from './outbox';

// The process's sender of the outbox: woken right after an answer that wrote mail
// (`kickOutbox`, with the database handle the account operation used), and every
// MAIL_OUTBOX_SWEEP_S (`startOutboxSender`, and once as soon as the catalog opens), so that rows a stopped or crashed instance left go out
// too. One drain at a time per process; a wake-up during a drain makes it look again.
/** At shutdown, the drain under way is given this long to finish its current mail. */
const STOP_WAIT_MS = 10_000;

/**
 * The database of the periodic sender: the accounts' own (the primary, where an instance's
 * catalog connection reads a replica), where the account operations write their mail.
 */
export function outboxDb(): Promise<Db> {
  return getAccountsDb();
}

const state = processShared('mail-outbox', () => ({
  running: undefined as Promise<void> | undefined,
  again: undefined as Db | undefined,
  timer: undefined as NodeJS.Timeout | undefined,
  stopped: false,
}));

function drain(db: Db): Promise<void> {
  if (state.stopped) return Promise.resolve();
  if (state.running) {
    state.again = db;
    return state.running;
  }
  state.running = (async () => {
    let next: Db | undefined = db;
    while (next && !state.stopped) {
      state.again = undefined;
      try {
        await drainOutbox(next, { deliver: sendMail, stopped: () => state.stopped });
      } catch (err) {
        logger().warn({ component: 'mail', reason: err instanceof Error ? err.message : String(err) }, 'draining the mail outbox failed; the next sweep retries');
      }
      next = state.again;
    }
  })().finally(() => {
    state.running = undefined;
  });
  return state.running;
}

/** Wakes the sender once the current answer is on its way: the rows just written go out at once. */
export function kickOutbox(db: Db): void {
  setImmediate(() => void drain(db));
}

async function sweep(): Promise<void> {
  try {
    await drain(await outboxDb());
  } catch (err) {
    logger().warn({ component: 'mail', reason: err instanceof Error ? err.message : String(err) }, 'mail outbox sweep skipped');
  }
}

/** Starts the periodic sweep (the server, once its catalog is open) and stops it cleanly at shutdown. */
export function startOutboxSender(): void {
  if (state.timer || state.stopped) return;
  state.timer = setTimeout(function tick() {
    void sweep().finally(() => {
      if (!state.stopped) state.timer = setTimeout(tick, config().accounts.outboxSweepS * 1000).unref();
    });
  }, 0).unref();
  onShutdown('mail-outbox', stopOutboxSender);
}

/** Stops sweeping and waking; waits (up to STOP_WAIT_MS) for the mail being sent. */
export async function stopOutboxSender(): Promise<void> {
  state.stopped = true;
  clearTimeout(state.timer);
  state.timer = undefined;
  if (state.running) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([state.running, new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }
}
