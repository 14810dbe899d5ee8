import { landingFeed } from '@/lib/site/calendar-feed';
import { calendarFeedResponse } from '@/lib/site/calendar-response';

// GET /produtores/{slug}/calendario.ics: the organizer's soonest events as a subscribable calendar.
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  return calendarFeedResponse(request, (brand) => landingFeed(brand, 'organizer', slug));
}
export const HEAD = GET;
