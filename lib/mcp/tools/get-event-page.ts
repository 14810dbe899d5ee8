import { z } from 'zod';
import { getEvent } from '../../catalog/event/read';
import { eventMarkdown } from '../event-markdown';
import { slugInput } from './get-event';
import { notFound, type Tool } from './tool';

/** What get_event_page gives as structured content: the page's Markdown, also its text content. */
const EventPageSchema = z.strictObject({ slug: z.string(), markdown: z.string().describe('The event page as Markdown, with YAML front matter') });

// get_event_page: the event page as Markdown, with every ticket lot and its price with fees.
export const getEventPageTool: Tool = {
  name: 'get_event_page',
  define: () => ({
    title: 'Read an event page',
    description: 'The event page as Markdown: dates, venue, and every ticket lot with price, fee and price with fees (BRL).',
    inputSchema: slugInput,
    outputSchema: EventPageSchema,
  }),
  run: async (brand, { slug }) => {
    const event = await getEvent(brand, slug as string);
    if (!event) return notFound(slug as string);
    const markdown = eventMarkdown(event, brand);
    return { text: markdown, structured: { slug: event.slug, markdown } };
  },
};
