import type { Brand } from '../brand/schema';
import type { Db } from '../db/types';
import { addressGroup } from '../network.mjs';
import { limited, personName, assertStrong, text, type Caller } from './checks';
import { AuthError } from './errors';
import { refund, reset, spendAll, type Spend } from './limits';
import { deletedAccountMail } from './messages';
import { NOTICE_S, queueMail } from './outbox';
import { kickOutbox } from './outbox-sender';
import { hashPassword, verifyPassword, PASSWORD_MAX } from './passwords';
import { listSavedEvents, removeSavedEvent, saveEvent, type SavedEvent, type SaveOutcome } from './saved-events';
import { accountOfToken } from './service';
import { deleteAccountRow, revokeAllTokens, setName, setPasswordHash, setTwoStep, type Account } from './store';

// What a signed-in person does with their own account (the website's /conta): the name,
// the password, two-step codes, signing out everywhere, deleting it, and saved events.
// Each acts on the account of the session's token.

/**
 * The account's password, asked again before a change of its security (two-step codes,
 * the password, deleting it): a session left open, or a stolen cookie, is not enough.
 * Wrong passwords spend the sign-in limits, as guesses at the sign-in form do.
 */
async function confirmPassword(caller: Caller, account: Account, value: unknown): Promise<void> {
  const password = text(value, 'password');
  const group = addressGroup(caller.address);
  const emailKey = `${caller.brand.id}:${account.email}:${group}`;
  const spent: Spend[] = [['signInEmail', emailKey], ['signInAddress', group]];
  await limited(() => spendAll(spent));
  if (password.length > 4 * PASSWORD_MAX || !(await verifyPassword(account.passwordHash, password))) throw new AuthError('invalid_credentials', 'Wrong password.');
  await reset('signInEmail', emailKey);
  await refund([['signInAddress', group]]);
}

/**
 * Two-step verification on or off, from a signed-in session, with the account's
 * password. Turning it on ends every other session.
 */
export async function changeTwoStep(db: Db, caller: Caller, token: string | null, input: { on: boolean; password: unknown }): Promise<void> {
  const account = await accountOfToken(db, caller.brand, token, 'site');
  await confirmPassword(caller, account, input.password);
  await setTwoStep(db, caller.brand.id, account.id, input.on);
  if (input.on) await revokeAllTokens(db, account.id, token ?? undefined);
}

/** A new name, from a signed-in session (the name is no secret: no password asked). */
export async function changeName(db: Db, caller: Caller, token: string | null, input: { name: unknown }): Promise<void> {
  const account = await accountOfToken(db, caller.brand, token, 'site');
  await setName(db, caller.brand.id, account.id, personName(input.name));
}

/**
 * A new password, with the current one: every other session and API token of the
 * account ends (whoever else held one no longer gets in), this session stays.
 */
export async function changePassword(db: Db, caller: Caller, token: string | null, input: { current: unknown; password: unknown }): Promise<void> {
  const account = await accountOfToken(db, caller.brand, token, 'site');
  await confirmPassword(caller, account, input.current);
  const password = text(input.password, 'password');
  assertStrong(password, account.email, account.name);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, caller.brand.id, account.id, hash);
    await revokeAllTokens(tx, account.id, token ?? undefined);
  });
}

/**
 * Deletes the account (LGPD art. 18, VI), confirmed with its password: the account, its
 * tokens (every session ends), its mailed links, two-step attempts and saved events go
 * in one transaction, with the mail that confirms it written to the outbox.
 */
export async function deleteAccount(db: Db, caller: Caller, token: string | null, input: { password: unknown }): Promise<void> {
  const account = await accountOfToken(db, caller.brand, token, 'site');
  await confirmPassword(caller, account, input.password);
  const deleted = await db.transaction(async (tx) => {
    const gone = await deleteAccountRow(tx, caller.brand.id, account.id);
    if (gone) await queueMail(tx, deletedAccountMail(caller.brand, account.email, account.name), NOTICE_S);
    return gone;
  });
  if (!deleted) throw new AuthError('invalid_token');
  kickOutbox(db);
}

/** Saves an event of the brand for the session's account (see lib/accounts/saved-events.ts). */
export async function saveEventFor(db: Db, brand: Brand, token: string | null, slug: string): Promise<SaveOutcome> {
  const account = await accountOfToken(db, brand, token, 'site');
  return saveEvent(db, account, slug);
}

/** Removes a saved event of the session's account; false when it was not saved. */
export async function removeSavedEventFor(db: Db, brand: Brand, token: string | null, slug: string): Promise<boolean> {
  const account = await accountOfToken(db, brand, token, 'site');
  return removeSavedEvent(db, account.id, slug);
}

/** The saved events of an account, with what they are now. */
export function savedEventsOf(db: Db, account: Account): Promise<SavedEvent[]> {
  return listSavedEvents(db, account.id);
}

/** "Sair de todos os dispositivos": every token of the session's account is revoked, this one too. */
export async function signOutEverywhere(db: Db, brand: Brand, token: string | null): Promise<void> {
  const account = await accountOfToken(db, brand, token, 'site');
  await revokeAllTokens(db, account.id);
}
