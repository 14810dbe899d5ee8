import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Brand } from '../brand/schema';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { AuthError } from './errors';
import { hashPassword } from './passwords';
import { listSavedEvents, removeSavedEvent, saveEvent, SAVED_MAX } from './saved-events';
import { changeName, changePassword, deleteAccount, saveEventFor } from './settings';
import { findAccount, insertAccount, type Account } from './store';
import { issueToken, tokenOwner } from './tokens';

let db: Db;
const brand = { id: 'aurora', name: 'Aurora', site_url: 'http://aurora.localhost:3000' } as Brand;
const caller = { brand, address: '192.0.2.7' };
let n = 0;

async function newAccount(password = 'lua cheia no sertão'): Promise<Account> {
  const account = await insertAccount(db, { brandId: 'aurora', email: `p${++n}@example.com`, name: 'Joana Prado', passwordHash: await hashPassword(password) });
  return account!;
}
async function addEvent(slug: string, o: { status?: string; startsInDays?: number; ended?: boolean; brand?: string } = {}) {
  const starts = new Date(Date.now() + (o.startsInDays ?? 10) * 86_400_000);
  await db.query(
    `INSERT INTO events (brand_id, slug, name, starts_at, event_status, listed_until) VALUES ($1, $2, $3, $4, $5, $6)`,
    [o.brand ?? 'aurora', slug, `Evento ${slug}`, starts, o.status ?? 'scheduled', o.ended ? new Date(Date.now() - 3_600_000) : 'infinity'],
  );
}

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await db.query("INSERT INTO brands (id, name) VALUES ('aurora', 'Aurora'), ('mare', 'Maré')");
  await addEvent('show-a', { startsInDays: 5 });
  await addEvent('show-b', { startsInDays: 2 });
  await addEvent('cancelado', { status: 'cancelled' });
  await addEvent('adiado', { status: 'postponed' });
  await addEvent('passado', { startsInDays: -3, ended: true });
  await addEvent('retirado');
  await addEvent('so-na-mare', { brand: 'mare' });
});
afterAll(async () => {
  await db?.close();
});

describe('saved events', () => {
  let account: Account;
  beforeEach(async () => {
    account = await newAccount();
  });

  test('saves events of its brand the catalog lists, once each; refuses others', async () => {
    expect(await saveEvent(db, account, 'show-a')).toBe('saved');
    expect(await saveEvent(db, account, 'show-a')).toBe('already_saved');
    expect(await saveEvent(db, account, 'nao-existe')).toBe('unknown_event');
    expect(await saveEvent(db, account, 'so-na-mare')).toBe('unknown_event');
    expect(await saveEvent(db, account, '../conta')).toBe('unknown_event');
    expect(await saveEvent(db, account, 'a'.repeat(161))).toBe('unknown_event');
    expect((await listSavedEvents(db, account.id)).map((s) => s.slug)).toEqual(['show-a']);
  });

  test('lists each saved event with what it is now: ahead by start, then cancelled, ended, withdrawn, gone', async () => {
    for (const slug of ['show-a', 'show-b', 'cancelado', 'adiado', 'passado', 'retirado']) expect(await saveEvent(db, account, slug)).toBe('saved');
    await db.query(`INSERT INTO event_withdrawals (brand_id, slug, name) VALUES ('aurora', 'retirado', 'Evento retirado')`);
    await db.query(`DELETE FROM events WHERE brand_id = 'aurora' AND slug = 'retirado'`);
    // An event whose row an import replaced keeps its place: it is named by brand and slug.
    await db.query(`DELETE FROM events WHERE brand_id = 'aurora' AND slug = 'show-b'`);
    await addEvent('show-b', { startsInDays: 2 });
    await db.query(`INSERT INTO saved_events (account_id, brand_id, slug, name) VALUES ($1, 'aurora', 'sumiu', 'Um evento que sumiu')`, [account.id]);
    const list = await listSavedEvents(db, account.id);
    expect(list.map((s) => [s.slug, s.state])).toEqual([
      ['show-b', 'scheduled'],
      ['show-a', 'scheduled'],
      ['adiado', 'postponed'],
      ['passado', 'ended'],
      ['cancelado', 'cancelled'],
      // Withdrawn and gone: saved_at order, newest first.
      ['sumiu', 'gone'],
      ['retirado', 'withdrawn'],
    ]);
    expect(list.find((s) => s.slug === 'retirado')!.name).toBe('Evento retirado');
    expect(list.find((s) => s.slug === 'sumiu')!.name).toBe('Um evento que sumiu');
    await addEvent('retirado');
  });

  test('removes a saved event, and only the account\'s own', async () => {
    const other = await newAccount();
    await saveEvent(db, account, 'show-a');
    await saveEvent(db, other, 'show-a');
    expect(await removeSavedEvent(db, account.id, 'show-a')).toBe(true);
    expect(await removeSavedEvent(db, account.id, 'show-a')).toBe(false);
    expect(await listSavedEvents(db, account.id)).toEqual([]);
    expect((await listSavedEvents(db, other.id)).map((s) => s.slug)).toEqual(['show-a']);
  });

  test(`keeps at most ${SAVED_MAX} per account, even when saves come at once`, async () => {
    await db.query(
      `INSERT INTO saved_events (account_id, brand_id, slug, name) SELECT $1, 'aurora', 'cheio-' || i, 'x' FROM generate_series(1, $2) i`,
      [account.id, SAVED_MAX - 1],
    );
    const outcomes = await Promise.all([saveEvent(db, account, 'show-a'), saveEvent(db, account, 'show-b')]);
    expect(outcomes.sort()).toEqual(['full', 'saved']);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_events WHERE account_id = $1', [account.id]);
    expect(row!.n).toBe(SAVED_MAX);
    expect(await saveEvent(db, account, 'show-a').then(async (a) => a === 'already_saved' || (await saveEvent(db, account, 'show-b')))).toBe(true);
  });
});

describe('the account page\'s operations', () => {
  test('a new name; a name that is blank or too long is refused', async () => {
    const account = await newAccount();
    const token = (await issueToken(db, 'aurora', account.id, 3600, 'site')).token;
    await changeName(db, caller, token, { name: '  Joana   Prado Lima ' });
    expect((await findAccount(db, 'aurora', account.id))!.name).toBe('Joana Prado Lima');
    for (const name of ['   ', 'x'.repeat(101), undefined]) {
      await expect(changeName(db, caller, token, { name })).rejects.toMatchObject({ code: 'invalid_field' });
    }
    await expect(changeName(db, caller, null, { name: 'Outra' })).rejects.toMatchObject({ code: 'token_required' });
  });

  test('a new password needs the current one; other sessions and API tokens end, this one stays', async () => {
    const account = await newAccount('lua cheia no sertão');
    const here = (await issueToken(db, 'aurora', account.id, 3600, 'site')).token;
    const elsewhere = (await issueToken(db, 'aurora', account.id, 3600, 'site')).token;
    const api = (await issueToken(db, 'aurora', account.id, 3600, 'api')).token;
    await expect(changePassword(db, caller, here, { current: 'não é esta', password: 'um barco no rio azul' })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(await tokenOwner(db, 'aurora', elsewhere, 'site')).not.toBeNull();
    await expect(changePassword(db, caller, here, { current: 'lua cheia no sertão', password: '12345678' })).rejects.toMatchObject({ code: 'weak_password' });
    await changePassword(db, caller, here, { current: 'lua cheia no sertão', password: 'um barco no rio azul' });
    expect(await tokenOwner(db, 'aurora', here, 'site')).not.toBeNull();
    expect(await tokenOwner(db, 'aurora', elsewhere, 'site')).toBeNull();
    expect(await tokenOwner(db, 'aurora', api, 'api')).toBeNull();
    await expect(changePassword(db, caller, here, { current: 'lua cheia no sertão', password: 'outra coisa qualquer' })).rejects.toMatchObject({ code: 'invalid_credentials' });
  });

  test('deleting the account needs its password, and takes its tokens, links and saved events, with a mail', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((m: unknown) => void printed.push(String(m)));
    const account = await newAccount('lua cheia no sertão');
    const token = (await issueToken(db, 'aurora', account.id, 3600, 'site')).token;
    await issueToken(db, 'aurora', account.id, 3600, 'api');
    expect(await saveEventFor(db, brand, token, 'show-a')).toBe('saved');
    await db.query(`INSERT INTO account_email_links (hash, account_id, expires_at, purpose) VALUES ('\\x01', $1, now() + interval '1 hour', 'reset')`, [account.id]);
    const err = await deleteAccount(db, caller, token, { password: 'errada' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).code).toBe('invalid_credentials');
    expect(await findAccount(db, 'aurora', account.id)).not.toBeNull();

    await deleteAccount(db, caller, token, { password: 'lua cheia no sertão' });
    expect(await findAccount(db, 'aurora', account.id)).toBeNull();
    for (const table of ['account_tokens', 'account_email_links', 'sign_in_attempts', 'saved_events']) {
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [account.id]);
      expect(row!.n, table).toBe(0);
    }
    // The mail leaves the outbox right after (without SMTP_URL it is printed to the log).
    await vi.waitFor(() => expect(printed.find((m) => m.includes(`To: ${account.email}`))).toBeDefined(), { timeout: 10_000 });
    const mail = printed.find((m) => m.includes(`To: ${account.email}`))!;
    expect(mail).toContain('Subject: Aurora: sua conta foi excluída');
    expect(mail).toContain('eventos salvos');
    expect(printed.filter((m) => m.includes(`To: ${account.email}`))).toHaveLength(1);
    // The token is gone with the account: the next use is refused.
    await expect(deleteAccount(db, caller, token, { password: 'lua cheia no sertão' })).rejects.toMatchObject({ code: 'invalid_token' });
  });
});
