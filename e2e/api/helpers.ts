import type { Reply } from '../support/client';
import type { Target } from './global-setup';
import { API, clientFor, hostOf } from './targets';

export type ListItem = {
  id: number;
  slug: string;
  name: string;
  status: string | null;
  starts_at: string | null;
  ends_at: string | null;
  timezone: string | null;
  is_closed: boolean;
  is_online: boolean;
  url: string;
  producer: null;
  location: { name: string | null; city: string | null; state: string | null; state_abbr: string | null; latitude: string | null; longitude: string | null } | null;
};
export type List = { data: ListItem[]; meta: { total: number; total_relation: 'eq' | 'gte'; per_page: number; current_page: number; last_page: number } };
export type Detail = Omit<ListItem, 'producer'> & { producer: { name: string; slug: string } | null };

/** GET (or another method) on the public API of one brand, checked against openapi.json. */
export async function api(target: Target, path: string, options: { brand?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const client = await clientFor(target);
  return client.call(`${API}${path}`, {
    method: options.method,
    host: hostOf(options.brand ?? 'aurora', target),
    headers: options.headers,
    body: options.body,
  });
}

export async function list(target: Target, query = '', brand = 'aurora'): Promise<List> {
  const res = await api(target, `/events${query ? `?${query}` : ''}`, { brand });
  if (res.status !== 200) throw new Error(`list ${query} answered ${res.status}: ${res.text}`);
  return res.json() as List;
}

/** Every event of a listing, page by page. */
export async function listAll(target: Target, query = '', brand = 'aurora'): Promise<ListItem[]> {
  const first = await list(target, `${query}${query ? '&' : ''}per_page=50`, brand);
  const items = [...first.data];
  for (let page = 2; page <= first.meta.last_page; page++) {
    items.push(...(await list(target, `${query}${query ? '&' : ''}per_page=50&page=${page}`, brand)).data);
  }
  return items;
}

export const fold = (s: string | null | undefined) => (s ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
