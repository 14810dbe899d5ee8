import { headers } from 'next/headers';
import { accountOfToken } from '../accounts/service';
import type { Account } from '../accounts/store';
import { getAccountsDb } from '../db/accounts';
import { currentBrand } from './brand-context';
import { sessionToken } from './account-forms';
import { perRender, renderScope } from './render-scope';

/**
 * The signed-in account of the page being rendered (from the session cookie), or null.
 * The cookie is read by the forms' own rule (sessionToken: of two cookies of the name, the
 * first), so that a page never shows one account while its forms act for another.
 */
export const currentAccount = perRender(async (): Promise<Account | null> => {
  // A page rendered by lib/pages is public: nobody is signed in to it.
  if (renderScope()) return null;
  const brand = await currentBrand();
  const token = sessionToken((await headers()).get('cookie'), brand.site_url);
  if (!token) return null;
  try {
    return await accountOfToken(await getAccountsDb(), brand, token, 'site');
  } catch {
    return null;
  }
});

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}
