import type { NextRequest } from 'next/server';
import { brandForHost, defaultBrand } from '../brand/registry';
import { CORS_HEADERS } from '../http/headers';
import { problemResponse } from '../http/problem';
import { noteBrand } from '../observability/context';
import { edgeOf, type Edge } from './context';

/** The brand whose host was called, or a 421 problem when strict hosts refuse an unknown one. */
export function brandSite(request: NextRequest): Edge | Response {
  const brand = brandForHost(request.headers.get('host'));
  if (!brand) return problemResponse(defaultBrand().site_url, 'misdirected_request', 'Call the host of a brand served here.', CORS_HEADERS);
  noteBrand(brand.id);
  return edgeOf(request, brand);
}
