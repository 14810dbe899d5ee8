import type { Brand } from '../brand/schema';
import { mailbox } from './address';
import { AuthError } from './errors';
import { LimitExceeded } from './limits';
import { passwordProblem, PASSWORD_MAX, PASSWORD_MIN } from './passwords';

// What the account operations (lib/accounts/service.ts, lib/accounts/settings.ts) check
// the same way: the fields they are sent, a new password's strength, and a limit spent,
// each refused as an AuthError with a stable code.

/** Who asks: the brand of the host, and the client's address (for the limits). */
export type Caller = { brand: Brand; address: string };

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new AuthError('invalid_field', `${field} must be a string.`);
  return value;
}

export function email(value: unknown): string {
  const e = mailbox(text(value, 'email'));
  if (e === null) throw new AuthError('invalid_field', 'email is not one e-mail address (local@domain, nothing else).');
  return e;
}

/** A person's name: spaces folded, 1 to 100 characters. */
export function personName(value: unknown): string {
  const name = text(value, 'name').trim().replace(/\s+/g, ' ');
  if ([...name].length < 1 || [...name].length > 100) throw new AuthError('invalid_field', 'name must have 1 to 100 characters.');
  return name;
}

/** NIST SP 800-63B: length, and not a common password (nor the address or the name). */
export function assertStrong(password: string, address: string, name: string): void {
  const weak = passwordProblem(password, [address, address.split('@')[0]!, name]);
  if (!weak) return;
  throw new AuthError(
    'weak_password',
    weak === 'common' ? 'This password is among the most common ones; choose another.' : `The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  );
}

/** Runs `fn`, a spent limit answered as rate_limited with its wait. */
export async function limited<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LimitExceeded) throw new AuthError('rate_limited', `Too many attempts; retry in ${err.retryAfterS} s.`, { retryAfterS: err.retryAfterS });
    throw err;
  }
}
