import { ImageResponse } from 'next/og';
import { EventPreviewImage } from '@/lib/pages/components/event-preview-image';
import { brandOrDefault } from '@/lib/brand/registry';
import { getEvent } from '@/lib/catalog/event/read';
import { NO_STORE } from '@/lib/http/headers';
import { PREVIEW_SIZE, previewParts } from '@/lib/site/event-page';

// GET /eventos/{slug}/previa.png: the picture a shared link shows (og:image) when the event
// has no banner a messaging app can show (none, or an SVG drawing, which WhatsApp does not
// display): its name, date and place on the brand's colours.
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const brand = brandOrDefault(request.headers.get('host'));
  let event;
  try {
    event = await getEvent(brand, slug);
  } catch {
    return new Response('Catálogo indisponível no momento.\n', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, 'Retry-After': '5' } });
  }
  if (!event) return new Response('Evento não encontrado.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE } });
  const { when, where } = previewParts(event.event_status, event);
  return new ImageResponse(<EventPreviewImage brand={brand} name={event.name} when={when} where={where} />, {
    ...PREVIEW_SIZE,
    headers: { 'Cache-Control': 'public, max-age=3600, s-maxage=3600' },
  });
}
