import { expect, test, type Page } from '@playwright/test';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';
import type { EventRecordInput } from '../../lib/catalog/record';

// On a phone (390×844, then 320 px wide), on every brand: an event in each state says so
// first, in its own words (ended, sold out, sales paused, sales not started, cancelled,
// postponed, rescheduled), one where the person cannot go offers similar events right
// there, and the tickets are one card per sector and lot, the price with fees the largest
// text of the card, the situation a label: nothing slides sideways. Screenshots go under
// test-results/.
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4110);
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
test.use({ viewport: PHONE });

const demo = [...generateDemo({ brands: demoRegistry(PORT).brands, events: 720 })];
const DAY = 86_400_000;
const upcoming = (r: EventRecordInput) => Date.parse(r.starts_at!) > Date.now() + 2 * DAY;
const scheduled = (r: EventRecordInput) => (r.event_status ?? 'scheduled') === 'scheduled';
const eventUrl = (r: EventRecordInput) => `http://${r.brand}.localhost:${PORT}/eventos/${r.slug}`;

const STATES: Array<{ key: string; pick: (r: EventRecordInput) => boolean; words: string }> = [
  { key: 'ended', pick: (r) => r.status === 'Encerrado', words: 'Este evento já aconteceu' },
  { key: 'sold_out', pick: (r) => r.status === 'Esgotado' && scheduled(r) && upcoming(r), words: 'Ingressos esgotados' },
  { key: 'paused', pick: (r) => r.status === 'Vendas pausadas' && scheduled(r) && upcoming(r), words: 'as vendas podem voltar' },
  { key: 'not_started', pick: (r) => r.sales_start_at != null && Date.parse(r.sales_start_at) > Date.now() + 2 * DAY, words: 'As vendas ainda não começaram: abrem em' },
  { key: 'cancelled', pick: (r) => r.event_status === 'cancelled' && upcoming(r), words: 'Evento cancelado' },
  { key: 'postponed', pick: (r) => r.event_status === 'postponed' && upcoming(r), words: 'a nova data ainda será anunciada' },
  { key: 'rescheduled', pick: (r) => r.event_status === 'rescheduled' && !r.is_closed && upcoming(r), words: 'Evento remarcado: estava marcado para' },
];

const pick = (brand: string, test: (r: EventRecordInput) => boolean) => demo.find((r) => r.brand === brand && test(r)) ?? demo.find(test)!;

/** The page's width, and every ticket card's right edge and overflow: none may pass the screen. */
async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const cards = page.getByRole('list', { name: 'Setores e lotes' }).getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    const fits = await card.evaluate((e, w) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= w, width);
    expect(fits).toBe(true);
  }
}

for (const state of STATES) {
  test(`${state.key}: its words first, tickets as cards that fit a 390 px and a 320 px phone`, async ({ page }, info) => {
    const r = pick(info.project.name, state.pick);
    await page.goto(eventUrl(r));
    const box = page.locator(`.event-state-${state.key}`);
    await expect(box).toContainText(state.words);
    await expect(box).toBeInViewport();
    await expectNoSideways(page, PHONE.width);
    // Each card: a heading with sector and lot, the price with fees larger than the rest, a label.
    const first = page.getByRole('list', { name: 'Setores e lotes' }).getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 3 })).toBeVisible();
    const size = (selector: string) => first.locator(selector).evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(await size('.ticket-total')).toBeGreaterThan(await size('h3'));
    expect(await size('.ticket-total')).toBeGreaterThan(await size('.ticket-status'));
    await expect(first.locator('.ticket-status')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`state-${state.key}-${info.project.name}.png`) });
    await page.setViewportSize(NARROW);
    await expectNoSideways(page, NARROW.width);
  });
}

test('an ended, cancelled or sold-out event offers similar events beside its state, that lead to them', async ({ page }, info) => {
  for (const key of ['ended', 'cancelled', 'sold_out']) {
    const state = STATES.find((s) => s.key === key)!;
    const candidates = demo.filter((r) => r.brand === info.project.name && state.pick(r) && r.venue);
    let found = false;
    for (const r of candidates.slice(0, 5)) {
      await page.goto(eventUrl(r));
      const offered = page.locator(`.event-state-${key} .state-similar a`);
      if ((await offered.count()) === 0) continue;
      const name = await offered.first().innerText();
      await offered.first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      found = true;
      break;
    }
    expect(found, key).toBe(true);
  }
});
