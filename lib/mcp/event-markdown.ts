import type { Brand } from '../brand/schema';
import type { PhrasingContent, RootContent, TableRow } from 'mdast';
import { lotLabel, pricesNote } from '../catalog/event-state';
import { formatBrl, lowestAvailable } from '../catalog/event/tickets';
import { zonedDateFormat } from '../catalog/time';
import { viewState, type EventView } from '../catalog/event/view';
import { list, oneLine, paragraph, serializeMarkdown, text, yamlString } from '../markdown/escape';
import { totalLabel } from '../site/event-page';
import { purchaseUrl } from '../site/purchase';

const fullDate = zonedDateFormat('pt-BR', { dateStyle: 'full', timeStyle: 'short' });

function when(iso: string | null, tz: string | null): string {
  if (!iso) return 'a definir';
  const formatted = fullDate(tz ?? 'UTC').format(new Date(iso));
  return `${formatted} (${tz ?? 'UTC'})`;
}

const row = (cells: string[]): TableRow => ({ type: 'tableRow', children: cells.map((c) => ({ type: 'tableCell', children: [text(c)] })) });

/**
 * An event's view with its ticket table as Markdown, for tools that answer agents: its
 * traits, every lot with price, fee and price with fees, the lowest price with fees called out.
 * The document is built as a syntax tree and serialized by the shared escaper, so no
 * catalog text can act as markup or start a line; the description (already sanitized
 * HTML) is reduced to plain paragraphs. The next step is the page's: an agent sends the
 * person to the event's `url` (spec section 1), where "Comprar ingressos" leads on to the
 * purchase when the event (or its brand) has a purchase address, and "Como comprar" says
 * where tickets are sold when it has none.
 */
export function eventMarkdown(event: EventView, brand: Brand): string {
  const { sectors } = event;
  const state = viewState(event);
  const lowest = state.canBuy ? lowestAvailable(sectors) : null;
  const schedule = event.event_status !== 'postponed';
  const place = event.location
    ? [event.location.name, event.location.formatted_address ?? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ')].filter(Boolean).join(', ')
    : 'Online';
  const description = (event.description ?? '')
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .split('\n')
    .map(oneLine)
    .filter(Boolean);
  const lines: PhrasingContent[][] = [
    // A postponed event's date in the catalog is the old one, named in its status line.
    ...(schedule ? [[text(`Início: ${when(event.starts_at, event.timezone)}`)]] : []),
    ...(schedule && event.ends_at ? [[text(`Término: ${when(event.ends_at, event.timezone)}`)]] : []),
    [text(`Local: ${place}`)],
    ...(event.producer ? [[text(`Produção: ${event.producer.name}`)]] : []),
    ...event.traits.map((t) => [text(`${t.label}: ${t.text}`)]),
    // The state leads the document when it is news (bold, below); the list names it.
    [text(`Situação: ${state.label ?? state.sentence}`)],
    ...(lowest ? [[text(`Menor preço com taxas: ${totalLabel(lowest.total_cents)}`)]] : []),
  ];
  const body: RootContent[] = [
    { type: 'heading', depth: 1, children: [text(event.name)] },
    ...(state.label ? [paragraph({ type: 'strong', children: [text(state.sentence)] })] : []),
    ...(state.also ? [paragraph(text(state.also))] : []),
    list(lines),
    ...description.map((p) => paragraph(text(p))),
    { type: 'heading', depth: 2, children: [text('Ingressos')] },
    ...(state.canBuy ? [] : [paragraph(text(pricesNote(state)!))]),
    {
      type: 'table',
      align: [null, null, null, null, null, null],
      children: [
        row(['Setor', 'Lote', 'Preço', 'Taxa', 'Preço com taxas', 'Situação']),
        ...sectors.flatMap((s) =>
          s.lots.map((l) => row([s.name, l.name, formatBrl(l.price_cents), formatBrl(l.fee_cents), totalLabel(l.total_cents), lotLabel(state, l)])),
        ),
      ],
    },
    paragraph(...nextStep(event, state.canBuy, purchaseUrl(brand, event) !== null)),
  ];
  const frontMatter = ['---', `title: ${yamlString(event.name)}`, `url: ${yamlString(event.url)}`, '---', ''].join('\n');
  return `${frontMatter}\n${serializeMarkdown({ type: 'root', children: body })}`;
}

/** What the person does next, as the event page says it, the page a link. */
function nextStep(event: EventView, canBuy: boolean, sold: boolean): PhrasingContent[] {
  const page: PhrasingContent = { type: 'link', url: event.url, children: [text('página do evento')] };
  if (!canBuy) return [text('Preços e disponibilidade são um retrato do momento. Veja a'), { type: 'text', value: ' ' }, page, text('.')];
  const there = sold
    ? 'Lá, "Comprar ingressos" leva à compra; confira o preço com taxas ao comprar.'
    : 'Lá, "Como comprar" diz onde os ingressos são vendidos: este site não os vende.';
  return [text('Preços e disponibilidade são um retrato do momento, não uma reserva. Para comprar, vá à'), { type: 'text', value: ' ' }, page, text(`. ${there}`)];
}
