import type { Brand } from '../brand/schema';
import { config } from '../config';
import type { Db } from '../db/types';
import { verifyCaptcha } from './captcha';
import { AuthError } from './errors';
import { LimitExceeded, refund, reset, spend, spendAll, trySpend, type Spend } from './limits';
import type { Mail } from './mail';
import { queueMail } from './outbox';
import { kickOutbox } from './outbox-sender';
import { codeMail, deletedAccountMail, existingAccountMail, resetMail, verificationMail } from './messages';
import { hashPassword, passwordProblem, verifyDecoy, verifyPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords';
import { addressGroup } from '../network.mjs';
import { mailbox } from './address';
import { listSavedEvents, removeSavedEvent, saveEvent, type SavedEvent, type SaveOutcome } from './saved-events';
import { deleteAccountRow, EMAIL_LINK_TTL_S, findAccount, findAccountByEmail, forgetExpiredUnverified, insertAccount, linkAccount, newEmailLink, newResetLink, RESET_LINK_TTL_S, revokeAllTokens, setName, setPasswordHash, setTwoStep, useEmailLink, useResetLink, type Account } from './store';
import { issueToken, rotateToken, spendToken, tokenOwner, type Audience, type IssuedToken } from './tokens';
import { checkCode, CODE_TTL_S, openAttempt } from './two-step';

// The account operations, shared by the authentication host's API and the website's
// forms. Every refusal is an AuthError with a stable code.
export type Caller = { brand: Brand; address: string };


function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new AuthError('invalid_field', `${field} must be a string.`);
  return value;
}

function email(value: unknown): string {
  const e = mailbox(text(value, 'email'));
  if (e === null) throw new AuthError('invalid_field', 'email is not one e-mail address (local@domain, nothing else).');
  return e;
}

/** NIST SP 800-63B: length, and not a common password (nor the address or the name). */
function assertStrong(password: string, address: string, name: string): void {
  const weak = passwordProblem(password, [address, address.split('@')[0]!, name]);
  if (!weak) return;
  throw new AuthError(
    'weak_password',
    weak === 'common' ? 'This password is among the most common ones; choose another.' : `The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  );
}

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LimitExceeded) throw new AuthError('rate_limited', `Too many attempts; retry in ${err.retryAfterS} s.`, { retryAfterS: err.retryAfterS });
    throw err;
  }
}

async function captcha(db: Db, caller: Caller, response: unknown): Promise<void> {
  const outcome = await verifyCaptcha(db, caller.brand.id, response, caller.address);
  if (outcome === 'unavailable') throw new AuthError('upstream_unavailable', 'The CAPTCHA verifier did not answer.');
  if (outcome !== 'ok') throw new AuthError('captcha_invalid', outcome === 'missing' ? 'g-captcha-response is missing.' : 'The CAPTCHA answer is not valid.');
}

/**
 * Mail goes out after the answer, from the outbox: writing the row is all the answer
 * waits for, so it takes the same time whether a mail is sent or not (no enumeration by
 * timing). `lifetimeS` is how long the mail is of use (its link's or code's life).
 */
async function mail(db: Db, message: Mail, lifetimeS: number): Promise<void> {
  await queueMail(db, message, lifetimeS);
  kickOutbox(db);
}

/** A notice without a link or code is of use for a day; the outbox keeps no row that long anyway. */
const NOTICE_S = 86_400;

export type SignUp = { name: unknown; email: unknown; password: unknown; captcha: unknown };

/**
 * Creates an account and mails its verification link. When the e-mail already has an
 * account, its owner gets a message instead and the answer is the same (no enumeration).
 */
/** A person's name: spaces folded, 1 to 100 characters. */
function personName(value: unknown): string {
  const name = text(value, 'name').trim().replace(/\s+/g, ' ');
  if ([...name].length < 1 || [...name].length > 100) throw new AuthError('invalid_field', 'name must have 1 to 100 characters.');
  return name;
}

export async function signUp(db: Db, caller: Caller, input: SignUp): Promise<void> {
  const name = personName(input.name);
  const address = email(input.email);
  const password = text(input.password, 'password');
  assertStrong(password, address, name);
  await limited(() => spend('signUp', addressGroup(caller.address)));
  await captcha(db, caller, input.captcha);
  const passwordHash = await hashPassword(password);
  await forgetExpiredUnverified(db, caller.brand.id, address);
  const account = await insertAccount(db, { brandId: caller.brand.id, email: address, name, passwordHash });
  if (account) {
    const secret = await newEmailLink(db, account.id);
    await mail(db, verificationMail(caller.brand, address, secret, 'sign-up'), EMAIL_LINK_TTL_S);
    return;
  }
  const existing = await findAccountByEmail(db, caller.brand.id, address);
  if (!existing || !(await trySpend('accountMails', accountKey(existing)))) return;
  if (existing.emailVerified) {
    await mail(db, existingAccountMail(caller.brand, existing.email, existing.name), NOTICE_S);
  } else {
    // An address nobody has verified yet belongs to whoever reads its mail: this sign-up's
    // name and password become the account's if this link is used, whoever signed up first.
    const secret = await newEmailLink(db, existing.id, { name, passwordHash });
    await mail(db, verificationMail(caller.brand, address, secret, 'sign-up'), EMAIL_LINK_TTL_S);
  }
}

/** A sign-in's token lives its TTL, never past the absolute lifetime of the family it starts. */
const signInTtlS = () => Math.min(config().accounts.tokenTtlS, config().accounts.sessionMaxS);

/** The key of an account in the per-account limits. */
const accountKey = (account: Account) => `${account.brandId}:${account.id}`;

export type ResetRequest = { email: unknown; captcha: unknown };

/**
 * "Esqueci minha senha": mails a single-use reset link when the address has an account.
 * The answer is the same whether it has one or not; past the address group's hourly
 * limit a 429; within RESET_MAIL_GAP_S of the account's last reset mail nothing is sent
 * (that mail's link is still live). Sign-up mails never spend this pace, nor it theirs.
 */
export async function requestPasswordReset(db: Db, caller: Caller, input: ResetRequest): Promise<void> {
  const address = email(input.email);
  await limited(() => spend('recovery', addressGroup(caller.address)));
  await captcha(db, caller, input.captcha);
  await forgetExpiredUnverified(db, caller.brand.id, address);
  const account = await findAccountByEmail(db, caller.brand.id, address);
  // Paced, not capped: strangers asking for the owner only fill the owner's mailbox with
  // live links, at most one per RESET_MAIL_GAP_S, and can never stop the next one.
  if (!account || !(await trySpend('resetMails', accountKey(account)))) return;
  const secret = await newResetLink(db, account.id);
  await mail(db, resetMail(caller.brand, account.email, secret), RESET_LINK_TTL_S);
}

export type PasswordReset = { token: unknown; password: unknown };

/** A new password through a reset link: the address verified, every token revoked. */
export async function resetPassword(db: Db, caller: Caller, input: PasswordReset): Promise<Account> {
  const secret = text(input.token, 'token');
  const password = text(input.password, 'password');
  const account = await linkAccount(db, caller.brand.id, secret, 'reset');
  if (!account) throw new AuthError('invalid_link');
  assertStrong(password, account.email, account.name);
  const changed = await useResetLink(db, caller.brand.id, secret, await hashPassword(password));
  if (!changed) throw new AuthError('invalid_link');
  // The mailbox's owner lifts the lock that failures from every address put on the
  // account, and the pace of reset mails: the next request sends one at once.
  await reset('signInAccount', `${caller.brand.id}:${changed.email}`);
  await reset('resetMails', accountKey(changed));
  return changed;
}

export type SignIn = { email: unknown; password: unknown; captcha: unknown };

/** E-mail, password and CAPTCHA: a token, or a two-step attempt (AuthError two_step_required). */
export async function signIn(db: Db, caller: Caller, input: SignIn, audience: Audience): Promise<IssuedToken> {
  const address = email(input.email);
  const password = text(input.password, 'password');
  if (password.length > 4 * PASSWORD_MAX) throw new AuthError('invalid_credentials');
  const group = addressGroup(caller.address);
  const emailKey = `${caller.brand.id}:${address}:${group}`;
  // Every attempt is paid for before it is evaluated; what turns out not to be a failed
  // guess is given back.
  // The CAPTCHA first: a limiter entry (kept for its window) is only ever made for an
  // attempt someone paid a solved challenge for, never for a forged or replayed one.
  await captcha(db, caller, input.captcha);
  const lockKey = `${caller.brand.id}:${address}`;
  const spent: Spend[] = [['signInEmail', emailKey], ['signInAccount', lockKey], ['signInAddress', group]];
  await limited(() => spendAll(spent));
  let account: Account | null;
  let ok: boolean;
  try {
    await forgetExpiredUnverified(db, caller.brand.id, address);
    account = await findAccountByEmail(db, caller.brand.id, address);
    ok = account ? await verifyPassword(account.passwordHash, password) : await verifyDecoy(password);
  } catch (err) {
    await refund(spent); // no password was tried: a store unavailable
    throw err;
  }
  if (!account || !ok) throw new AuthError('invalid_credentials', 'Wrong e-mail or password.');
  await reset('signInEmail', emailKey);
  await refund([['signInAccount', lockKey], ['signInAddress', group]]);
  if (!account.emailVerified) {
    if (await trySpend('accountMails', accountKey(account))) {
      // The link confirms the password this sign-in just proved, never one that a later
      // sign-up with the address chose.
      const secret = await newEmailLink(db, account.id);
      await mail(db, verificationMail(caller.brand, account.email, secret, 'sign-in'), EMAIL_LINK_TTL_S);
    }
    throw new AuthError('email_unverified', 'Confirm your e-mail with the link sent to it, then sign in again.');
  }
  if (account.twoStep) {
    const { attempt, code } = await openAttempt(db, account.id);
    await mail(db, codeMail(caller.brand, account.email, account.name, code), CODE_TTL_S);
    throw new AuthError('two_step_required', 'A 6-digit code was sent by e-mail. Send {"attempt": "<this attempt>", "code": "<the code>"} to POST /auth/token within 10 minutes.', { attempt });
  }
  return issueToken(db, caller.brand.id, account.id, signInTtlS(), audience);
}

/** The second step: the attempt and its mailed code. No CAPTCHA (see docs/accounts.md, two-step verification). */
export async function signInWithCode(db: Db, caller: Caller, input: { attempt: unknown; code: unknown }, audience: Audience): Promise<IssuedToken> {
  const attempt = text(input.attempt, 'attempt');
  const code = text(input.code, 'code').trim();
  const spent: Spend[] = [['signInAddress', addressGroup(caller.address)]];
  await limited(() => spendAll(spent));
  let check: Awaited<ReturnType<typeof checkCode>>;
  try {
    check = await checkCode(db, attempt, code);
  } catch (err) {
    await refund(spent);
    throw err;
  }
  if (!check.ok) throw check.reason === 'wrong_code' ? new AuthError('invalid_code', 'Wrong code; check the latest e-mail.') : new AuthError('attempt_expired');
  await refund(spent);
  const account = await findAccount(db, caller.brand.id, check.accountId);
  if (!account) throw new AuthError('attempt_expired');
  return issueToken(db, caller.brand.id, account.id, signInTtlS(), audience);
}

/** The account of a live token of this brand and audience (an API bearer token, or a website session). */
export async function accountOfToken(db: Db, brand: Brand, token: string | null, audience: Audience): Promise<Account> {
  if (token === null) throw new AuthError('token_required');
  const owner = await tokenOwner(db, brand.id, token, audience);
  const account = owner ? await findAccount(db, brand.id, owner.accountId) : null;
  if (!account) throw new AuthError('invalid_token');
  return account;
}

/**
 * Rotation of an API token: a new token of the same family, the old one refused from now
 * on. Past the family's absolute lifetime (AUTH_SESSION_MAX_S from its sign-in) a new
 * sign-in is needed; a rotated token presented again revokes its whole family.
 */
export async function refresh(db: Db, brand: Brand, token: string | null): Promise<IssuedToken> {
  if (token === null) throw new AuthError('token_required');
  const issued = await db.transaction(async (tx) => {
    const rotation = await rotateToken(tx, brand.id, token, config().accounts.sessionMaxS);
    return rotation.ok ? issueToken(tx, brand.id, rotation.accountId, config().accounts.tokenTtlS, 'api', rotation.family) : null;
  });
  if (!issued) throw new AuthError('invalid_token');
  return issued;
}

/** RFC 7009: revoking an unknown, expired or already revoked token succeeds too. */
export async function revoke(db: Db, brand: Brand, token: string): Promise<void> {
  await spendToken(db, brand.id, token);
}

export async function verifyEmail(db: Db, brand: Brand, secret: string): Promise<Account> {
  const account = await useEmailLink(db, brand.id, secret);
  if (!account) throw new AuthError('invalid_link');
  return account;
}

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

/** The public profile of an account: never its password hash or tokens. */
export function profile(account: Account) {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    email_verified: account.emailVerified,
    two_step: account.twoStep,
    created_at: account.createdAt.toISOString(),
  };
}
