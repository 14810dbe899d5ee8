import { expect, test, type Page } from '@playwright/test';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';
import type { EventRecordInput } from '../../lib/catalog/record';

// A person on a phone (390×844), on every brand, from an event to a ticket, a friend and the
// venue: "Comprar ingressos" and the price with fees in a bar at the bottom of the screen
// from the first screen to the last, the demo's purchase page; "Como comprar" with links
// when the event has no purchase address; sharing by the phone's share sheet, WhatsApp and
// the link (with and without JavaScript); directions in the phone's maps apps.
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4110);
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const demo = [...generateDemo({ brands: demoRegistry(PORT).brands, events: 720 })];
const upcoming = (r: EventRecordInput) => typeof r.starts_at === 'string' && Date.parse(r.starts_at) > Date.now() + 86_400_000;
const lots = (r: EventRecordInput) => (r.sectors ?? []).flatMap((s) => s.lots);
const open = (r: EventRecordInput) => upcoming(r) && !r.is_closed && r.event_status === 'scheduled' && lots(r).some((l) => l.available !== false);
const pick = (brand: string, test: (r: EventRecordInput) => boolean) => demo.find((r) => r.brand === brand && test(r))!;
const eventUrl = (r: EventRecordInput) => `http://${r.brand}.localhost:${PORT}/eventos/${r.slug}`;
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function shoot(page: Page, info: import('@playwright/test').TestInfo, name: string) {
  const path = info.outputPath(`phone-${name}-${info.project.name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

test('an event with a purchase address: "Comprar ingressos" and the price with fees in a bar at the bottom of the screen, on the first screen and the last', async ({ page }, info) => {
  const r = pick(info.project.name, (x) => open(x) && !!x.purchase_url);
  await page.goto(eventUrl(r));
  const bar = page.locator('.event-buy-sticky');
  const buy = bar.getByRole('link', { name: 'Comprar ingressos' });
  await expect(buy).toHaveAttribute('href', r.purchase_url!);
  await expect(bar.locator('.lowest')).toHaveText(/^(A partir de R\$\s[\d.]+,\d{2} com taxas|Grátis)/);
  // The first screen: the bar sits on the screen's bottom edge, the button inside the screen.
  for (const where of ['top', 'bottom'] as const) {
    if (where === 'bottom') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(buy).toBeInViewport({ ratio: 1 });
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height), where).toBe(PHONE.height);
    expect(box.width, where).toBe(PHONE.width);
  }
  // At the end of the page, nothing is hidden under the bar: the footer's last line is above it.
  const footer = (await page.locator('.site-footer .inner').boundingBox())!;
  expect(footer.y + footer.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, info, 'buy');

  await buy.click();
  await expect(page).toHaveURL(r.purchase_url!);
  await expect(page.getByRole('note')).toContainText('esta página não vende ingressos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.name);
  await shoot(page, info, 'demo-purchase');
  await page.getByRole('link', { name: 'Voltar para o evento' }).click();
  await expect(page).toHaveURL(eventUrl(r));
});

test('an event without one: "Como comprar" leads to what the person can do, each a link', async ({ page }, info) => {
  const r = pick(info.project.name, (x) => open(x) && !x.purchase_url);
  await page.goto(eventUrl(r));
  await expect(page.locator('.event-buy-sticky')).toHaveCount(0);
  const next = page.locator('.event-buy').getByRole('link', { name: 'Como comprar' });
  await expect(next).toBeInViewport();
  await next.click();
  const section = page.locator('#como-comprar');
  await expect(section.getByRole('heading', { name: 'Como comprar' })).toBeInViewport();
  const search = section.getByRole('link', { name: /^Procurar a página oficial/ });
  expect(new URL((await search.getAttribute('href'))!).searchParams.get('q')).toContain(r.name);
  await expect(section.getByRole('link', { name: /Eventos à venda na / })).toHaveAttribute('href', '/');
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
});

test("sharing: the phone's share sheet and the copied link carry the event's canonical URL; WhatsApp too", async ({ page, context }, info) => {
  const r = pick(info.project.name, (x) => open(x));
  const url = eventUrl(r);
  // A phone's share sheet, as the page's script sees it.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', { value: (data: unknown) => (shared.push(data), Promise.resolve()), configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://${r.brand}.localhost:${PORT}` });
  await page.goto(url);
  const share = page.locator('.share');
  await share.getByRole('button', { name: 'Compartilhar' }).click();
  expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: r.name, url }]);
  await share.getByRole('button', { name: 'Copiar link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copiado.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const whatsapp = new URL((await share.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href'))!);
  expect(whatsapp.host).toBe('wa.me');
  expect(whatsapp.searchParams.get('text')).toBe(`${r.name} ${url}`);
  await share.scrollIntoViewIfNeeded();
  await shoot(page, info, 'share');
});

test('sharing without JavaScript: WhatsApp and the link to copy; no button that would do nothing', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  const r = pick(info.project.name, (x) => open(x));
  await page.goto(eventUrl(r));
  const share = page.locator('.share');
  await expect(share.getByRole('button')).toHaveCount(0);
  await expect(share.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toBeVisible();
  await expect(share.getByLabel('Link do evento')).toHaveValue(eventUrl(r));
  await context.close();
});

test('"Como chegar": Google Maps, Waze and Apple Maps to the venue, beside "Ver no mapa"', async ({ page }, info) => {
  const r = pick(info.project.name, (x) => open(x) && !!x.venue?.latitude);
  await page.goto(eventUrl(r));
  const point = `${r.venue!.latitude},${r.venue!.longitude}`;
  const directions = page.locator('.directions');
  await expect(directions).toContainText('Como chegar:');
  await expect(page.getByRole('link', { name: 'Ver no mapa' })).toBeVisible();
  const href = async (name: string) => new URL((await directions.getByRole('link', { name }).getAttribute('href'))!);
  const google = await href('Google Maps');
  expect([google.host, google.pathname, google.searchParams.get('api'), google.searchParams.get('destination')]).toEqual(['www.google.com', '/maps/dir/', '1', point]);
  const waze = await href('Waze');
  expect([waze.host, waze.searchParams.get('ll'), waze.searchParams.get('navigate')]).toEqual(['waze.com', point, 'yes']);
  const apple = await href('Apple Maps');
  expect([apple.host, apple.searchParams.get('daddr')]).toEqual(['maps.apple.com', point]);
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
});
