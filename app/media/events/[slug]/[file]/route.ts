import { brandOrDefault } from '@/lib/brand/registry';
import { eventArtwork } from '@/lib/brand/artwork';

// GET /media/events/{slug}/{banner|thumbnail}.svg: the demo catalog's event artwork, drawn from the slug.
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; file: string }> }) {
  const { slug, file } = await params;
  const size = file === 'banner.svg' ? 'banner' : file === 'thumbnail.svg' ? 'thumbnail' : null;
  if (!size || !/^[a-z0-9-]{1,160}$/.test(slug)) return new Response('Not found', { status: 404 });
  const brand = brandOrDefault(request.headers.get('host'));
  return new Response(eventArtwork(brand, slug, size), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
