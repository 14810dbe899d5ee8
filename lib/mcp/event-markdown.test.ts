import { describe, expect, test } from 'vitest';
import type { EventView } from '../catalog/event/view';
import { eventMarkdown } from './event-markdown';

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
  traits: [
    { key: 'age_rating', label: 'Classificação indicativa', text: '14 anos', value: '14' },
    { key: 'category', label: 'Categoria', text: 'Teatro e espetáculos', value: 'teatro' },
  ],
  sectors: [{ name: 'Pista', lots: [{ name: 'Inteira', price_cents: 5000, fee_cents: 280, total_cents: 5280, available: true }] }],
};

describe("an event's Markdown for agents (MCP get_event_page, A2A)", () => {
  test("states every trait of the view, in the view's order, between the producer and the sale", () => {
    const lines = eventMarkdown(view).split('\n');
    const at = (start: string) => lines.findIndex((l) => l.startsWith(start));
    expect(lines.slice(at('- Produção:'), at('- Situação:'))).toEqual([
      '- Produção: Silva Produções',
      '- Classificação indicativa: 14 anos',
      '- Categoria: Teatro e espetáculos',
    ]);
    expect(eventMarkdown({ ...view, traits: [] })).not.toMatch(/Categoria|Classificação/);
  });

  test('reads the status and the tickets from the view', () => {
    const md = eventMarkdown({ ...view, event_status: 'rescheduled', previous_starts_at: '2099-03-01T21:00:00-03:00' });
    expect(md).toContain('Status do evento: Remarcado');
    expect(md).toContain('Menor preço com taxas: R$ 52,80');
    expect(md).toContain('| Pista | Inteira | R$ 50,00 | R$ 2,80 | R$ 52,80 | À venda |');
  });
});
