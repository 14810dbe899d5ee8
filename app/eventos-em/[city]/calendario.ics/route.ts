import { landingFeed } from '@/lib/site/calendar-feed';
import { calendarFeedResponse } from '@/lib/site/calendar-response';

// GET /eventos-em/{city}/calendario.ics: the city's soonest events as a subscribable calendar.
export async function GET(request: Request, { params }: { params: Promise<{ city: string }> }): Promise<Response> {
  const { city } = await params;
  return calendarFeedResponse(request, (brand) => landingFeed(brand, 'city', city));
}
export const HEAD = GET;
