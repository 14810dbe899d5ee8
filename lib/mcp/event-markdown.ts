import type { EventDetail } from '../catalog/public-schema';
import { formatBrl, lowestAvailable, type Sector } from '../catalog/tickets';
import { yamlString } from '../markdown/convert';
import { lotSituation, saleSentence, saleStateOf } from '../site/sale-state';

const mdEscape = (s: string) => s.replace(/([\\`*_[\]|<>])/g, '\\$1');

function when(iso: string | null, tz: string | null): string {
  if (!iso) return 'a definir';
  const text = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeStyle: 'short', timeZone: tz ?? 'UTC' }).format(new Date(iso));
  return `${text} (${tz ?? 'UTC'})`;
}

/**
 * An event with its ticket table as Markdown, for tools that answer agents: every
 * lot with price, fee and price with fees, the lowest price with fees called out.
 * Text from the catalog is escaped, and the description (already sanitized HTML) is
 * reduced to plain text, so nothing in it can act as markup.
 */
export function eventMarkdown(event: EventDetail, sectors: Sector[]): string {
  const state = saleStateOf(event, sectors);
  const lowest = state === 'on_sale' ? lowestAvailable(sectors) : null;
  const place = event.location
    ? [event.location.name, event.location.formatted_address ?? [event.location.city, event.location.state_abbr].filter(Boolean).join(' - ')].filter(Boolean).join(', ')
    : 'Online';
  const description = (event.description ?? '').replace(/<\/(p|li|h\d)>/g, '\n').replace(/<[^>]*>/g, '').replace(/&[a-z#0-9]+;/gi, ' ').trim();
  const rows = sectors.flatMap((s) =>
    s.lots.map((l) => `| ${mdEscape(s.name)} | ${mdEscape(l.name)} | ${formatBrl(l.price_cents)} | ${formatBrl(l.fee_cents)} | ${formatBrl(l.total_cents)} | ${lotSituation(state, l)} |`),
  );
  return [
    '---',
    `title: ${yamlString(event.name)}`,
    `url: ${yamlString(event.url)}`,
    '---',
    '',
    `# ${mdEscape(event.name)}`,
    '',
    `- Início: ${when(event.starts_at, event.timezone)}`,
    ...(event.ends_at ? [`- Término: ${when(event.ends_at, event.timezone)}`] : []),
    `- Local: ${mdEscape(place)}`,
    ...(event.producer ? [`- Produção: ${mdEscape(event.producer.name)}`] : []),
    `- Situação: ${saleSentence(state)}`,
    ...(lowest ? [`- Menor preço com taxas: ${formatBrl(lowest.total_cents)}`] : []),
    '',
    ...(description ? [mdEscape(description), ''] : []),
    '## Ingressos',
    '',
    ...(state === 'on_sale' ? [] : ['Últimos preços praticados, apenas para informação: nenhum ingresso está à venda.', '']),
    '| Setor | Lote | Preço | Taxa | Preço com taxas | Situação |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    state === 'on_sale'
      ? `Preços e disponibilidade são um retrato do momento, não uma reserva. Veja como comprar em ${event.url}`
      : `Preços e disponibilidade são um retrato do momento. Página do evento: ${event.url}`,
    '',
  ].join('\n');
}
