import { brandOrDefault } from '../brand/registry';
import type { Brand } from '../brand/schema';
import { domainProblem } from '../http/domain-problem';
import { etagMatches, strongEtag } from '../http/headers';
import { problemResponse } from '../http/problem';
import { logError } from '../observability/log';
import { publicPageCacheControl } from './page-cache';

// The HTTP answer of a calendar feed: shared-cacheable like the listing page it follows
// (the same Cache-Control), with a strong ETag and 304 for a calendar that already holds
// it; a bad filter, a missing landing or an unavailable catalog is a problem+json.

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** GET and HEAD of a feed whose text `build` makes for the brand of the Host. */
export async function calendarFeedResponse(request: Request, build: (brand: Brand) => Promise<string>): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  let body: string;
  try {
    body = await build(brand);
  } catch (err) {
    const known = domainProblem(err);
    if (known) return problemResponse(brand.site_url, known.code, known.detail, known.headers);
    logError(err, { component: 'calendar-feed' });
    return problemResponse(brand.site_url, 'internal_error');
  }
  const etag = strongEtag(body);
  const headers: Record<string, string> = { 'Cache-Control': publicPageCacheControl(), ETag: etag, Vary: 'Accept-Encoding' };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : body, { headers: { ...headers, 'Content-Type': CALENDAR_TYPE } });
}
