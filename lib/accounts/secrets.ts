import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque secret: 32 random bytes (256 bits), base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret: what the database keeps instead of the secret itself. */
export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A six-digit code, uniformly drawn (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Lowercased, trimmed e-mail: the account key within a brand. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
