import { headers } from 'next/headers';
import { brandOrDefault } from '../brand/registry';
import { requestHost } from '../http/self-request';
import type { Brand } from '../brand/schema';
import { perRender, renderScope } from './render-scope';

/** The brand of the page being rendered (from the Host header), once per request. */
export const currentBrand = perRender(async (): Promise<Brand> => brandOrDefault(renderScope()?.host ?? requestHost(await headers())));

/** The CSP nonce the proxy made for this request (personal pages only; public pages use hashes). */
export const currentNonce = perRender(async (): Promise<string | undefined> => (renderScope() ? undefined : ((await headers()).get('x-nonce') ?? undefined)));
