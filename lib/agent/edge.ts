import type { Brand } from '../brand/schema';
import { config } from '../config';
import { addressGroup } from '../network.mjs';
import { clientAddress } from './client-address';
import { CREDENTIAL_HEADER, verifyCredential } from './credential';
import { isPagePath, prefersMarkdown } from '../http/negotiate';
import { noteRateKey } from '../observability/context';
import { consume, type Budget, type Decision } from './rate-limit';

/** A calendar file (a feed of a listing or landing page, or one event's), or an event's preview picture. Built for each request. */
const BUILT_PATH = /\/(?:calendario|agenda)\.ics$|^\/eventos\/[^/]+\/previa\.png$/;
/** The filter sheet's count (lib/site/listing-count.ts): a listing's read for each request. */
const COUNT_PATH = '/busca.json';
/** The organizers' suggestions (/produtores.json): a read of the catalog for each thing typed, like the API's. */
const SUGGESTIONS_PATH = '/produtores.json';

/**
 * Which budget a request spends here, if any: the API and the organizers' suggestions, tool
 * endpoints, pages asked for as Markdown, calendar files, preview pictures and the filter
 * sheet's count (the `render` budget: each is built afresh). HTML pages
 * spend `render` in lib/edge/pages.ts, only when they make the server render.
 */
export function budgetFor(pathname: string, accept: string | null): Budget | null {
  // Liveness stays free for monitors and for the server's own warm-up request.
  if (pathname === '/api/public/v1/health') return null;
  if (pathname.startsWith('/api/public/')) return 'api';
  if (pathname === '/mcp' || pathname === '/a2a') return 'tools';
  if (pathname === SUGGESTIONS_PATH) return 'api';
  if (BUILT_PATH.test(pathname) || pathname === COUNT_PATH) return 'render';
  if (isPagePath(pathname) && prefersMarkdown(accept)) return 'markdown';
  return null;
}

/**
 * The rate-limit key: the anonymous credential when it verifies for this brand, else
 * the client address. A forged or expired credential is simply ignored.
 */
export function rateLimitKey(headers: Headers, brand: Brand): string {
  const verification = verifyCredential(headers.get(CREDENTIAL_HEADER), brand);
  if (verification.valid) return `cred:${brand.id}:${verification.id}`;
  return addressKey(headers);
}

/**
 * The key of the client's address: the address itself for IPv4, its /64 network for
 * IPv6 (one subscriber's share, which it can spread over countless addresses).
 */
export function addressKey(headers: Headers): string {
  return addressGroup(clientAddress(headers, config().trustedProxies));
}

/** The credential-minting request, which also spends the address's `identity` budget. */
const MINT_PATH = '/api/public/v1/agent/identity';

/**
 * Spends one request for a call: for minting a credential, first from the address's
 * `identity` budget; then from its budget under its key (credential, else address);
 * then from the address's ceiling over that budget, which every request from the
 * address counts whatever credential it carries. The first refusal wins; when all
 * allow, the decision with the fewest requests left is the one reported. A call that
 * stands for several (a JSON-RPC batch) spends `cost` units of the budget and ceiling.
 */
export async function spendBudget(budget: Budget, pathname: string, method: string, headers: Headers, brand: Brand, cost = 1): Promise<Decision> {
  const address = addressKey(headers);
  const key = rateLimitKey(headers, brand);
  noteRateKey(key);
  const decisions: Decision[] = [];
  // A refused mint spends nothing else; a refused budget leaves the ceiling alone.
  const steps: Array<[Parameters<typeof consume>[0], string]> = [
    ...(pathname === MINT_PATH && method === 'POST' ? [['identity', address] as [Parameters<typeof consume>[0], string]] : []),
    [budget, key],
    [`${budget}-address`, address],
  ];
  for (const [policy, key] of steps) {
    const decision = await consume(policy, key, policy === 'identity' ? 1 : cost);
    if (!decision.allowed) return decision;
    decisions.push(decision);
  }
  return decisions.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}
