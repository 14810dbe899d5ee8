import { randomUUID } from 'node:crypto';
import { Role, type Message } from '@a2a-js/sdk';
import type { PhrasingContent } from 'mdast';
import { AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import type { Brand } from '../brand/schema';
import { cardState } from '../catalog/listing/cards';
import { getEvent } from '../catalog/event/read';
import { listEventCards } from '../catalog/listing/events';
import { eventCountWords, unmatchedSentence } from '../catalog/listing/count-text';
import { getFilterOptions } from '../catalog/filters/options';
import { parseListQuery } from '../catalog/listing/query-params';
import { brandTimeZone } from '../catalog/search/relative-dates';
import { readRequestWords } from '../catalog/listing/search-filters';
import { formatBrl } from '../catalog/event/tickets';
import { toZonedRfc3339 } from '../catalog/time';
import { list, markdownInline, oneLine, paragraph, serializeMarkdown, text } from '../markdown/escape';
import { eventMarkdown } from '../mcp/event-markdown';
import { waysOutLines } from './ways-out';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/** The text of the request, and an event slug if the text names one (bare or as a page URL). */
export function readRequest(text: string, brand: Brand): { text: string; slug: string | null } {
  const trimmed = text.trim();
  const fromUrl = trimmed.startsWith(`${brand.site_url}/eventos/`) ? trimmed.slice(`${brand.site_url}/eventos/`.length).split(/[?#/]/)[0] : null;
  const candidate = fromUrl ?? trimmed;
  return { text: trimmed, slug: SLUG.test(candidate) ? candidate : null };
}

async function answer(brand: Brand, asked: string): Promise<string> {
  const request = readRequest(asked, brand);
  if (request.slug) {
    const event = await getEvent(brand, request.slug);
    if (event) return eventMarkdown(event, brand);
  }
  // Dates ("neste fim de semana"), places to search around ("perto de São Paulo") and
  // prices are filters (each filter reads its own words); the rest is search text.
  const now = new Date();
  const options = await getFilterOptions(brand);
  const ctx = { now, timeZone: brandTimeZone(brand), cities: options.cities, brl: formatBrl };
  const natural = readRequestWords(request.text, ctx);
  const params = new URLSearchParams({ q: natural.q, per_page: '10' });
  natural.set(params);
  const notes = natural.notes;
  const filters = notes.length > 0 ? ` (${notes.join(', ')})` : '';
  const { list: result, unmatched, corrected, prices, facts } = await listEventCards(brand, parseListQuery(params, { prices: true }), { places: options.places });
  // Words read as others (typos) are said, as the site says them.
  const guess = corrected ? [paragraph(text(`Você quis dizer: "${corrected}"?`))] : [];
  if (result.data.length === 0) {
    const none = markdownInline(`Nenhum evento encontrado para "${request.text}"${filters}.`) + '\n';
    // Nothing at all (not a page past the last): what would find events, as the site offers it.
    const ways = result.meta.total === 0 ? await waysOutLines(brand, request.text, params, options, ctx, now) : [];
    if (ways.length === 0) return none;
    return serializeMarkdown({
      type: 'root',
      children: [
        paragraph(text(`Nenhum evento encontrado para "${request.text}"${filters}.`)),
        paragraph(text('Encontram eventos (peça de novo com a frase entre aspas):')),
        list(ways.map((w) => [text(w)])),
      ],
    });
  }
  const items = result.data.map((e): PhrasingContent[] => {
    const place = e.location ? [e.location.city, e.location.state_abbr].filter(Boolean).join(' - ') : 'Online';
    const when = e.starts_at ? toZonedRfc3339(new Date(e.starts_at), e.timezone) : 'data a definir';
    const price = prices.get(e.id);
    const state = cardState(e, facts.get(e.id), price);
    const lowest = state.canBuy ? (price?.lowest_total_cents ?? null) : null;
    // The state in the site's words, then the price while a ticket can be bought.
    const sale = `${state.label ? ` — ${state.label.toUpperCase()}` : ''}${lowest !== null ? ` — a partir de ${formatBrl(lowest)} com taxas` : state.label ? '' : ' — nada à venda'}`;
    // The space after the link is kept outside text(), which trims what it is given.
    return [{ type: 'link', url: e.url, children: [text(e.name)] }, { type: 'text', value: ` ${oneLine(`— ${when} — ${place}${sale}`)}` }];
  });
  // Built as a syntax tree: the shared serializer escapes every catalog text it carries.
  return serializeMarkdown({
    type: 'root',
    children: [
      ...guess,
      ...(unmatched ? [paragraph(text(unmatchedSentence(unmatched)))] : []),
      paragraph(text(`${eventCountWords(result.meta)} para "${request.text}"${filters} (mostrando ${result.data.length}):`)),
      list(items),
    ],
  });
}

/** Deterministic executor: reads the catalog and replies with one message. */
export function catalogExecutor(brand: Brand): AgentExecutor {
  return {
    async execute(context, bus) {
      const incoming = context.userMessage;
      const text = incoming.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join(' ');
      const reply: Message = {
        messageId: randomUUID(),
        contextId: context.contextId,
        taskId: '',
        role: Role.ROLE_AGENT,
        parts: [{ content: { $case: 'text', value: await answer(brand, text) }, metadata: undefined, filename: '', mediaType: 'text/markdown' }],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      };
      bus.publish(AgentEvent.message(reply));
      bus.finished();
    },
    async cancelTask() {},
  };
}
