import { listingFeed } from '@/lib/site/calendar-feed';
import { calendarFeedResponse } from '@/lib/site/calendar-response';

// GET /calendario.ics?<listing parameters>: the listing's soonest events as a subscribable calendar.
export async function GET(request: Request): Promise<Response> {
  return calendarFeedResponse(request, (brand) => listingFeed(brand, new URL(request.url).searchParams));
}
export const HEAD = GET;
