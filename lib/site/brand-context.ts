import { headers } from 'next/headers';
import { cache } from 'react';
import { brandOrDefault } from '../brand/registry';
import { requestHost } from '../http/self-request';
import type { Brand } from '../brand/schema';

/** The brand of the page being rendered (from the Host header), once per request. */
export const currentBrand = cache(async (): Promise<Brand> => brandOrDefault(requestHost(await headers())));

/** The CSP nonce the proxy made for this request (personal pages only; public pages use hashes). */
export const currentNonce = cache(async (): Promise<string | undefined> => (await headers()).get('x-nonce') ?? undefined);
