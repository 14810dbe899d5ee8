import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { toEventView, type EventView, type ViewRow } from '../catalog/event/view';
import { eventMarkdown } from './event-markdown';

const aurora = demoRegistry(3000).brands[0]!;
const view: EventView = {
  id: 7,
  slug: 'baile-7',
  name: 'Baile',
  description: null,
  starts_at: '2099-03-10T21:00:00-03:00',
  ends_at: null,
  timezone: 'America/Sao_Paulo',
  is_online: false,
  is_closed: false,
  url: 'http://aurora.localhost:3000/eventos/baile-7',
  images: { banner: null, thumbnail: null },
  location: { name: 'Casa', city: 'Recife', state: 'Pernambuco', state_abbr: 'PE', formatted_address: null, latitude: null, longitude: null },
  producer: { name: 'Silva Produções', slug: 'silva' },
  category: 'teatro',
  age_rating: '14',
  event_status: 'scheduled',
  previous_starts_at: null,
  sales_start_at: null,
  accessibility: { features: [], notes: null },
  purchase_url: null,
  traits: [
    { key: 'age_rating', label: 'Classificação indicativa', text: '14 anos', value: '14' },
    { key: 'category', label: 'Categoria', text: 'Teatro e espetáculos', value: 'teatro' },
  ],
  sectors: [{ name: 'Pista', lots: [{ name: 'Inteira', price_cents: 5000, fee_cents: 280, total_cents: 5280, available: true }] }],
};

describe("an event's Markdown for agents (MCP get_event_page, A2A)", () => {
  test("states every trait of the view, in the view's order, between the producer and the sale", () => {
    const lines = eventMarkdown(view, aurora).split('\n');
    const at = (start: string) => lines.findIndex((l) => l.startsWith(start));
    expect(lines.slice(at('- Produção:'), at('- Situação:'))).toEqual([
      '- Produção: Silva Produções',
      '- Classificação indicativa: 14 anos',
      '- Categoria: Teatro e espetáculos',
    ]);
    expect(eventMarkdown({ ...view, traits: [] }, aurora)).not.toMatch(/Categoria|Classificação/);
  });

  test("states what the event offers for access, from the view's row, its note as text that cannot act as markup", () => {
    const brand = demoRegistry(3000).brands[0]!;
    const row: ViewRow = {
      id: 7, slug: 'baile-7', name: 'Baile', description: null, starts_at: '2099-03-10T21:00:00-03:00', ends_at: null, timezone: 'America/Sao_Paulo',
      is_online: false, is_closed: false, banner_url: null, thumbnail_url: null,
      venue_name: 'Casa', venue_city: 'Recife', venue_state: 'Pernambuco', venue_state_abbr: 'PE', venue_address: null, venue_latitude: null, venue_longitude: null,
      producer_name: null, producer_slug: null, category: null, age_rating: null, event_status: 'scheduled', previous_starts_at: null, sales_start_at: null,
      accessibility: ['wheelchair', 'libras'],
      accessibility_notes: 'Rampa <b>lateral</b> # [x](javascript:alert(1))',
      purchase_url: null,
      tickets: null,
    };
    const md = eventMarkdown(toEventView(brand, row), brand);
    expect(md).toContain('- Acessibilidade: Acessível para cadeirantes, Intérprete de Libras\n');
    expect(md).toContain('- Sobre a acessibilidade: Rampa \\<b>lateral\\</b> # \\[x]\\(javascript:alert(1))\n');
    expect(eventMarkdown(toEventView(brand, { ...row, accessibility: [], accessibility_notes: null }), brand)).not.toMatch(/acessibilidade/i);
  });

  test('reads the status and the tickets from the view', () => {
    const md = eventMarkdown({ ...view, event_status: 'rescheduled', previous_starts_at: '2099-03-01T21:00:00-03:00' }, aurora);
    expect(md).toContain('- Situação: Remarcado\n');
    expect(md).toContain('**Evento remarcado: estava marcado para 1 de março de 2099 às 21:00. Ingressos à venda para a nova data.**');
    expect(md).toContain('Menor preço com taxas: R$ 52,80');
    expect(md).toContain('| Pista | Inteira | R$ 50,00 | R$ 2,80 | R$ 52,80 | À venda |');
  });

  test('the next step is the page: agents send the person to its url, where the purchase address or "Como comprar" leads on', () => {
    const withAddress = eventMarkdown({ ...view, purchase_url: 'https://loja.example/e/7' }, aurora);
    expect(withAddress).toContain(`Para comprar, vá à [página do evento](${view.url}). Lá, "Comprar ingressos" leva à compra`);
    // The purchase address itself is the page's to give.
    expect(withAddress).not.toContain('loja.example');
    const brandFlow = { ...aurora, purchase_url: 'https://loja.example/comprar/{slug}' };
    expect(eventMarkdown(view, brandFlow)).toContain('"Comprar ingressos" leva à compra');
    const without = eventMarkdown(view, aurora);
    expect(without).toContain(`Para comprar, vá à [página do evento](${view.url}). Lá, "Como comprar" diz onde os ingressos são vendidos`);
    expect(without).not.toContain('Comprar ingressos');
    const closed = eventMarkdown({ ...view, is_closed: true, purchase_url: 'https://loja.example/e/7' }, aurora);
    expect(closed).not.toMatch(/Para comprar|Comprar ingressos/);
    expect(closed).toContain(`Veja a [página do evento](${view.url}).`);
  });
});
