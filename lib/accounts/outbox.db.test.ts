import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startMailSink, type MailSink } from '../../e2e/support/mail-sink';
import { createTestDatabase, postgresReachable } from '../../e2e/support/postgres';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { sendMail, smtpDelivery, type Mail } from './mail';
import { backoffS, drainOutbox, MAX_ATTEMPTS, queueMail } from './outbox';

const postgres = await postgresReachable();

const message = (to: string, text = 'Olá! https://aurora.localhost/cadastro/confirmar?token=abc'): Mail => ({
  from: 'no-reply@aurora.localhost',
  to,
  subject: 'Aurora: confirme seu e-mail',
  text,
});
const rows = async (db: Db) => db.query<{ id: string; attempts: number; wait_s: number }>('SELECT id::text AS id, attempts, extract(epoch FROM send_after - now())::float8 AS wait_s FROM mail_outbox ORDER BY id');

describe('the mail outbox', () => {
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(() => sink?.close());

  test('rows written before a restart are delivered by a new sender, and deleted once sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const before = await openPglite(dir);
      await migrate(before);
      await queueMail(before, message('restart-a@example.com'), 3600);
      await queueMail(before, message('restart-b@example.com'), 3600);
      await before.close(); // the process stops before any sender ran

      const after = await openPglite(dir);
      try {
        expect(await rows(after)).toHaveLength(2);
        expect(await drainOutbox(after, { deliver: smtpDelivery(sink.url) })).toBe(2);
        for (const to of ['restart-a@example.com', 'restart-b@example.com']) expect((await sink.waitFor(to)).text).toContain('cadastro/confirmar?token=abc');
        expect(await rows(after)).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an SMTP server that is down: the mail waits with backoff, then goes out once it is up', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const probe = await startMailSink();
      const port = Number(new URL(probe.url).port);
      await probe.close(); // nothing listens on the port now
      await queueMail(db, message('retry@example.com'), 3600);
      expect(await drainOutbox(db, { deliver: smtpDelivery(probe.url) })).toBe(0);
      const [waiting] = await rows(db);
      expect(waiting!.attempts).toBe(1);
      // The next try is backoffS(1) ahead, not at once (a sweep meanwhile skips it).
      expect(waiting!.wait_s).toBeGreaterThan(backoffS(1) - 5);
      expect(waiting!.wait_s).toBeLessThanOrEqual(backoffS(1));
      expect(await drainOutbox(db, { deliver: smtpDelivery(probe.url) })).toBe(0);
      expect((await rows(db))[0]!.attempts).toBe(1);

      // The server comes back and the retry time comes.
      const up = await startMailSink(port);
      try {
        await db.query('UPDATE mail_outbox SET send_after = now()');
        expect(await drainOutbox(db, { deliver: smtpDelivery(up.url) })).toBe(1);
        expect((await up.waitFor('retry@example.com')).subject).toBe('Aurora: confirme seu e-mail');
        expect(await rows(db)).toEqual([]);
      } finally {
        await up.close();
      }
    } finally {
      await db.close();
    }
  });

  test('without SMTP_URL (the demo) the sender prints each queued message whole, link included', async () => {
    const db = await openPglite();
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      await migrate(db);
      await queueMail(db, message('demo@example.com'), 3600);
      expect(printed).toEqual([]); // nothing before the sender runs
      expect(await drainOutbox(db, { deliver: sendMail })).toBe(1);
      expect(printed.join('\n')).toContain('To: demo@example.com');
      expect(printed.join('\n')).toContain('https://aurora.localhost/cadastro/confirmar?token=abc');
      expect(await rows(db)).toEqual([]);
    } finally {
      spy.mockRestore();
      await db.close();
    }
  });

  test('attempts are bounded, and a row past its content\'s life is deleted unsent', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const failing = async () => {
        throw new Error('550 mailbox unavailable');
      };
      await queueMail(db, message('never@example.com'), 3600);
      for (let i = 1; i <= MAX_ATTEMPTS; i++) {
        expect(await drainOutbox(db, { deliver: failing })).toBe(0);
        const left = await rows(db);
        expect(left).toHaveLength(i < MAX_ATTEMPTS ? 1 : 0);
        if (i < MAX_ATTEMPTS) {
          expect(left[0]!.attempts).toBe(i);
          await db.query('UPDATE mail_outbox SET send_after = now()');
        }
      }
      expect(backoffS(MAX_ATTEMPTS)).toBeLessThanOrEqual(900);

      const sent: string[] = [];
      await queueMail(db, message('late@example.com'), 3600);
      await db.query("UPDATE mail_outbox SET expires_at = now() - interval '1 second'");
      expect(await drainOutbox(db, { deliver: async (m) => void sent.push(m.to) })).toBe(0);
      expect(sent).toEqual([]);
      expect(await rows(db)).toEqual([]);
      // A row never outlives an hour, whatever its content's life.
      await queueMail(db, message('long@example.com'), 48 * 3600);
      const [life] = await db.query<{ s: number }>('SELECT extract(epoch FROM expires_at - created_at)::float8 AS s FROM mail_outbox');
      expect(life!.s).toBeLessThanOrEqual(3600);
    } finally {
      await db.close();
    }
  });
});

describe('the log of a failed delivery', () => {
  test('keeps the SMTP reply without the address, the link or the body', async () => {
    const key = Symbol.for('event-catalog.logger');
    const g = globalThis as { [key: symbol]: unknown };
    const before = g[key];
    const lines: string[] = [];
    g[key] = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const db = await openPglite();
    try {
      await migrate(db);
      await queueMail(db, message('quoted.person@example.com'), 3600);
      const refusing = async () => {
        throw new Error('550 5.1.1 <quoted.person@example.com>: Recipient address rejected');
      };
      expect(await drainOutbox(db, { deliver: refusing })).toBe(0);
      const log = lines.join('');
      expect(log).toContain('550 5.1.1 <<address>>: Recipient address rejected');
      expect(log).not.toContain('quoted.person');
      expect(log).not.toContain('token=abc');
    } finally {
      g[key] = before;
      await db.close();
    }
  });
});

describe.skipIf(!postgres && process.env.CI !== 'true')('two instances draining one PostgreSQL outbox', () => {
  let a: Db;
  let b: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase('outbox_pair');
    drop = created.drop;
    a = openPostgres(created.url, 30_000, 2);
    b = openPostgres(created.url, 30_000, 2);
    await migrate(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  test('each mail is sent once, whichever instance takes it', async () => {
    for (let i = 0; i < 40; i++) await queueMail(a, message(`pair${i}@example.com`), 3600);
    const sent: Array<[string, string]> = [];
    // A slow delivery, so that both senders are claiming while the other holds rows.
    const by = (who: string) => async (m: Mail) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push([who, m.to]);
    };
    const [fromA, fromB] = await Promise.all([drainOutbox(a, { deliver: by('a') }), drainOutbox(b, { deliver: by('b') })]);
    expect(fromA + fromB).toBe(40);
    expect(sent.map(([, to]) => to).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `pair${i}@example.com`).sort());
    expect(await a.query('SELECT id FROM mail_outbox')).toEqual([]);
  });
});
