import type { Brand } from '../brand/schema';
import { config } from '../config';
import type { Db } from '../db/types';
import { verifyCaptcha } from './captcha';
import { assertStrong, email, limited, personName, text, type Caller } from './checks';
import { AuthError } from './errors';
import { refund, reset, spend, spendAll, trySpend, type Spend } from './limits';
import type { Mail } from './mail';
import { NOTICE_S, queueMail } from './outbox';
import { kickOutbox } from './outbox-sender';
import { codeMail, existingAccountMail, resetMail, verificationMail } from './messages';
import { hashPassword, verifyDecoy, verifyPassword, PASSWORD_MAX } from './passwords';
import { addressGroup } from '../network.mjs';
import { EMAIL_LINK_TTL_S, findAccount, findAccountByEmail, forgetExpiredUnverified, insertAccount, linkAccount, newEmailLink, newResetLink, RESET_LINK_TTL_S, useEmailLink, useResetLink, type Account } from './store';
import { issueToken, rotateToken, spendToken, tokenOwner, type Audience, type IssuedToken } from './tokens';
import { checkCode, CODE_TTL_S, openAttempt } from './two-step';

// Getting into an account, shared by the authentication host's API and the website's
// forms: sign-up, sign-in (with its second step), password reset, e-mail verification,
// and the tokens (the account of a token, rotation, revocation), with the limits each
// spends. What a signed-in person does with their account is in ./settings. Every
// refusal is an AuthError with a stable code.

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

export type SignUp = { name: unknown; email: unknown; password: unknown; captcha: unknown };

/**
 * Creates an account and mails its verification link. When the e-mail already has an
 * account, its owner gets a message instead and the answer is the same (no enumeration).
 */
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
