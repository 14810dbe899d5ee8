import { cookies } from 'next/headers';
import { cache } from 'react';
import { accountOfToken } from '../accounts/service';
import type { Account } from '../accounts/store';
import { getDb } from '../db';
import { currentBrand } from './brand-context';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie';

/** The signed-in account of the page being rendered (from the session cookie), or null. */
export const currentAccount = cache(async (): Promise<Account | null> => {
  const jar = await cookies();
  const token = jar.get(SECURE_SESSION_COOKIE)?.value ?? jar.get(SESSION_COOKIE)?.value;
  if (!token) return null;
  try {
    return await accountOfToken(await getDb(), await currentBrand(), token);
  } catch {
    return null;
  }
});

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
