import { landingFeed } from '@/lib/site/calendar-feed';
import { calendarFeedResponse } from '@/lib/site/calendar-response';

// GET /categoria/{slug}/calendario.ics: the category's soonest events as a subscribable calendar.
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  return calendarFeedResponse(request, (brand) => landingFeed(brand, 'category', slug));
}
export const HEAD = GET;
