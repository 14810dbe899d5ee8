import { brandOrDefault } from '@/lib/brand/registry';
import { PROBLEMS, type ProblemCode } from '@/lib/http/problem';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// GET /problems/{code}: the short human page that each problem's `type` points to.
export async function GET(request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const brand = brandOrDefault(request.headers.get('host'));
  const known = Object.hasOwn(PROBLEMS, code);
  const p = known ? PROBLEMS[code as ProblemCode] : undefined;
  const title = p ? `${p.title} (${code})` : 'Unknown problem type';
  const text = p ? `${p.about} HTTP status ${p.status}.` : 'This is not one of the error codes of the public API.';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · ${escape(brand.name)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="${escape(brand.site_url)}/api/public/v1/openapi.json">API description</a></p></main></body></html>`;
  return new Response(html, {
    status: known ? 200 : 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
