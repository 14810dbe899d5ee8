import type { Brand } from '../brand/schema';
import { config } from '../config';

const DAY_MS = 86_400_000;

/**
 * RFC 9116 security.txt of a brand's site: where to report a vulnerability. Contact is
 * SECURITY_CONTACT (a mailto: or https: URI), else security@ the site's host; Expires is
 * 180 days ahead, at midnight UTC, so the file never goes stale.
 */
export function securityTxt(brand: Brand, now = new Date()): string {
  const site = new URL(brand.site_url);
  const contact = config().securityContact ?? `mailto:security@${site.hostname}`;
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + 180 * DAY_MS);
  return [
    `Contact: ${contact}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    `Canonical: ${brand.site_url}/.well-known/security.txt`,
    'Preferred-Languages: pt, en',
    '',
  ].join('\n');
}
