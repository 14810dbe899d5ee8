import { brandOrDefault } from '@/lib/brand/registry';
import { getEvent } from '@/lib/catalog/event/read';
import { eventRevisions } from '@/lib/catalog/revisions';
import { CATALOG_CACHE, NO_STORE } from '@/lib/http/headers';
import { eventCalendar } from '@/lib/site/icalendar';

// GET /eventos/{slug}/agenda.ics: the event as an iCalendar file ("Adicionar à agenda").
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const brand = brandOrDefault(request.headers.get('host'));
  let event;
  let revision: Date | null = null;
  try {
    event = await getEvent(brand, slug);
    // Its last change: the same DTSTAMP, LAST-MODIFIED and SEQUENCE as in the feeds.
    if (event) revision = (await eventRevisions(brand, [event.id])).get(event.id) ?? null;
  } catch {
    return new Response('Catálogo indisponível no momento.\n', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, 'Retry-After': '5' } });
  }
  const text = event ? eventCalendar(brand, event, revision) : null;
  if (!event || !text) return new Response('Evento não encontrado.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE } });
  return new Response(text, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${event.slug.replace(/[^a-z0-9-]/gi, '')}.ics"`,
      'Cache-Control': CATALOG_CACHE,
    },
  });
}
