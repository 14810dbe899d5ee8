import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isPersonalPage } from '../site/personal-pages';
import { isPublicPage, matchAddress, PUBLIC_PAGES, searchParamsOf } from './addresses';

/** The address of every page route of app/, in its notation. */
function appPages(dir = join(process.cwd(), 'app')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appPages(path);
    if (entry.name !== 'page.tsx') return [];
    const folder = relative(join(process.cwd(), 'app'), dir);
    return [folder === '' ? '/' : `/${folder.split(sep).join('/')}`];
  });
}

describe('the public pages', () => {
  test("are app/'s pages but the personal ones and the authentication host's (the proxy answers it before any page)", () => {
    const framework = appPages().filter((p) => !isPersonalPage(p) && !p.startsWith('/auth-host'));
    expect([...PUBLIC_PAGES].sort()).toEqual(framework.sort());
  });

  test('an address names its page and its parameters, decoded as the framework decodes them', () => {
    expect(matchAddress('/')).toEqual({ address: '/', params: {} });
    expect(matchAddress('/eventos/show-1')).toEqual({ address: '/eventos/[slug]', params: { slug: 'show-1' } });
    expect(matchAddress('/eventos-em/s%C3%A3o-paulo')).toEqual({ address: '/eventos-em/[city]', params: { city: 'são-paulo' } });
    expect(matchAddress('/eventos/%E0%A4%A')).toEqual({ address: '/eventos/[slug]', params: { slug: '%E0%A4%A' } });
    expect(matchAddress('/produtores')?.address).toBe('/produtores');
    expect(matchAddress('/produtores/ana')?.address).toBe('/produtores/[slug]');
  });

  test('anything else is no page: the 404 page', () => {
    for (const path of ['/eventos', '/eventos/', '/eventos/a/b', '/nada', '/termos/x', '/conta', '/entrar']) expect(matchAddress(path), path).toBeNull();
    expect(isPublicPage('/?q=samba')).toBe(true);
    expect(isPublicPage('/nada?q=samba')).toBe(false);
  });

  test('a query as the framework hands it to a page: once a string, more than once an array', () => {
    expect(searchParamsOf(new URLSearchParams('q=samba&state=sp&state=rj&empty='))).toEqual({ q: 'samba', state: ['sp', 'rj'], empty: '' });
  });
});
