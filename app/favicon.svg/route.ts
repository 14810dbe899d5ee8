import { brandOrDefault } from '@/lib/brand/registry';

// GET /favicon.svg: the brand's mark in its own colours.
export function GET(request: Request): Response {
  const brand = brandOrDefault(request.headers.get('host'));
  const letter = brand.name.slice(0, 1).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${brand.theme.primary}"/><circle cx="25" cy="7" r="4" fill="${brand.theme.accent}"/><text x="16" y="23" font-family="sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' } });
}
