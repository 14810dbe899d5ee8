import { z } from 'zod';
import { getEvent } from '../../catalog/event/read';
import { toPublicDetail } from '../../catalog/event/public';
import { EventDetailSchema } from '../../catalog/public-schema';
import { notFound, type Tool } from './tool';

export const slugInput = { slug: z.string().min(1).max(160).describe('Event slug, as in search_events') };

// get_event: one event by slug, the API's detail.
export const getEventTool: Tool = {
  name: 'get_event',
  define: () => ({
    title: 'Get an event',
    description: 'One event by slug, with its producer. Prices are on get_event_page.',
    inputSchema: slugInput,
    outputSchema: EventDetailSchema,
  }),
  run: async (brand, { slug }) => {
    const view = await getEvent(brand, slug as string);
    if (!view) return notFound(slug as string);
    const event = toPublicDetail(view);
    return { text: JSON.stringify(event), structured: event };
  },
};
