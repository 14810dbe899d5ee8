import { cookies } from 'next/headers';
import { cache } from 'react';
import { accountOfToken } from '../accounts/service';
import type { Account } from '../accounts/store';
import { getDb } from '../db';
import { currentBrand } from './brand-context';
import { sessionCookieName } from './session-cookie';

/** The signed-in account of the page being rendered (from the session cookie), or null. */
export const currentAccount = cache(async (): Promise<Account | null> => {
  const brand = await currentBrand();
  const token = (await cookies()).get(sessionCookieName(brand.site_url))?.value;
  if (!token) return null;
  try {
    return await accountOfToken(await getDb(), brand, token, 'site');
  } catch {
    return null;
  }
});

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
