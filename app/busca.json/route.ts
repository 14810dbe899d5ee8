import { brandOrDefault } from '@/lib/brand/registry';
import { domainProblem } from '@/lib/http/domain-problem';
import { problemResponse } from '@/lib/http/problem';
import { logError } from '@/lib/observability/log';
import { listingCount } from '@/lib/site/listing-count';
import { publicPageCacheControl } from '@/lib/site/page-cache';

// GET /busca.json?<the listing form's fields>: how many events the filter sheet's choices
// would show ({ total, total_relation, label: "Ver 12 eventos" }), for app/busca.js.
// Shared-cacheable like the listing page it counts.
export async function GET(request: Request): Promise<Response> {
  const brand = brandOrDefault(request.headers.get('host'));
  try {
    const count = await listingCount(brand, new URL(request.url).searchParams);
    return Response.json(count, { headers: { 'Cache-Control': publicPageCacheControl() } });
  } catch (err) {
    const known = domainProblem(err);
    if (known) return problemResponse(brand.site_url, known.code, known.detail, known.headers);
    logError(err, { component: 'listing-count' });
    return problemResponse(brand.site_url, 'internal_error');
  }
}
