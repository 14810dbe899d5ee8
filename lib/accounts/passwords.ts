import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { newSecret } from './secrets';

// OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, parallelism 1.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// NIST SP 800-63B §3.1.1.2: at least 8 characters, at least 64 accepted, no composition
// rules, and passwords from lists of commonly used ones refused.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;

/** The common-password list of @zxcvbn-ts/language-common (about 49,000 entries), lowercased. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'common';

/** Why a new password is refused, or null when it is acceptable. Length counts code points. */
export function passwordProblem(password: string, context: string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'common';
  // Context-specific words (SP 800-63B): the e-mail, its local part, the person's name.
  if (context.some((c) => c.length >= 4 && lower === c.toLowerCase())) return 'common';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Verifies a password against a hash of a random secret, with the same parameters as
 * real accounts: an unknown e-mail costs the same time as a wrong password.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(newSecret());
  await verifyPassword(await decoy, password);
  return false;
}
