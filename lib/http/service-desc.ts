import { mergeLinks } from './link-header';

/** Where the public API lives on every brand's site. */
export const API_BASE_PATH = '/api/public/v1';
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

export const isApiPath = (pathname: string): boolean => pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`);

/** The Link (RFC 8288, rel from RFC 8631) to the brand's API description, absolute on its site URL. */
export function serviceDescLink(siteUrl: string): string {
  return `<${siteUrl}${API_BASE_PATH}/openapi.json>; rel="service-desc"; type="${OPENAPI_MEDIA_TYPE}"`;
}

/** `headers` with the service-desc link joined to any Link already there: every API answer, problems included, carries it. */
export function withServiceDesc(siteUrl: string, headers: Record<string, string>): Record<string, string> {
  return { ...headers, Link: mergeLinks(headers.Link, serviceDescLink(siteUrl)) };
}
