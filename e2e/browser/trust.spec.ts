import { expect, test, type Page } from '@playwright/test';
import { watch, withoutNotFound } from '../support/page-checks';

// Every page in Chromium: no console error and no securitypolicyviolation event, images
// and favicon loaded, on the brand host and on the aliases a person types.


/** Every image of the page has loaded (none broken). */
async function expectImagesLoaded(page: Page) {
  const broken = await page.evaluate(async () => {
    const imgs = [...document.images];
    const settled = (img: HTMLImageElement) =>
      new Promise((r) => {
        img.addEventListener('load', r, { once: true });
        img.addEventListener('error', r, { once: true });
      });
    await Promise.all(imgs.filter((img) => !img.complete && img.loading !== 'lazy').map(settled));
    return imgs.filter((img) => img.loading !== 'lazy' && img.naturalWidth === 0).map((img) => img.src);
  });
  expect(broken).toEqual([]);
}

async function visit(page: Page, path: string, status = 200) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await page.waitForLoadState('networkidle');
  // Public pages are plain HTML: no client runtime to start (lib/site/static-page.ts).
  expect(await page.evaluate(() => typeof (window as unknown as { next?: unknown }).next), path).toBe('undefined');
}

test('every page, twice (rendered, then served from the window): no console error, no CSP violation', async ({ page }) => {
  const problems = await watch(page);
  await visit(page, '/');
  const onSale = await page.locator('.card').filter({ has: page.locator('.price') }).first().locator('h2 a').getAttribute('href');
  const closed = await page.locator('.card').filter({ has: page.locator('.badge') }).first().locator('h2 a').getAttribute('href');
  const paths = ['/', '/?q=s%C3%A3o+paulo', '/?state=SP', '/?page=2', onSale!, closed!];
  for (const path of [...paths, ...paths]) {
    await visit(page, path);
    await expectImagesLoaded(page);
  }
  await visit(page, '/eventos/no-such-event', 404);
  await visit(page, '/eventos/no-such-event', 404);
  expect(withoutNotFound(problems)).toEqual([]);
});

test('a closed event offers nothing for sale', async ({ page }) => {
  await page.goto('/');
  await page.locator('.card').filter({ has: page.locator('.badge', { hasText: 'Esgotado' }) }).first().locator('h2 a').click();
  await expect(page.locator('.event-state-sold_out')).toContainText('Ingressos esgotados');
  await expect(page.locator('.lowest')).toHaveCount(0);
  await expect(page.getByText('apenas para informação')).toBeVisible();
  for (const label of await page.locator('.ticket-status').allInnerTexts()) expect(label).toMatch(/Esgotado$/);
  await expect(page.getByRole('link', { name: 'Comprar ingressos' })).toHaveCount(0);
  // On a phone the ticket cards stack in the column: the page does not slide sideways.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

// Fetched from the page itself: Chromium resolves *.localhost, Node (the request API) does not.
const fetchInPage = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }, url);

test('an event on sale says how to buy, and offers its calendar file', async ({ page }) => {
  await page.goto('/');
  await page.locator('.card').filter({ has: page.locator('.price') }).first().locator('h2 a').click();
  // Its purchase address, or how tickets are bought.
  await expect(page.getByRole('link', { name: 'Comprar ingressos' }).or(page.getByRole('heading', { name: 'Como comprar' }))).toBeVisible();
  const href = await page.getByRole('link', { name: 'Adicionar à agenda' }).getAttribute('href');
  expect(href).toMatch(/^\/eventos\/[a-z0-9-]+\/agenda\.ics$/);
  const ics = await fetchInPage(page, href!);
  expect(ics.type).toBe('text/calendar; charset=utf-8');
  expect(ics.text).toContain('BEGIN:VEVENT\r\n');
});

test('the addresses a person types (localhost, 127.0.0.1) show the complete page', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  const problems = await watch(page);
  for (const alias of [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`]) {
    await page.goto(alias);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).hostname).toBe('aurora.localhost');
    await expect(page.locator('.card img').first()).toBeVisible();
    await expectImagesLoaded(page);
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    const icon = await fetchInPage(page, favicon!);
    expect(icon.status).toBe(200);
    expect(icon.type).toBe('image/svg+xml');
  }
  expect(problems).toEqual([]);
});

for (const width of [320, 768, 1280]) {
  test(`the search form lays out cleanly at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const form = page.locator('form.search');
    // Folded (the filters behind the disclosure take no room), then unfolded.
    for (const open of [false, true]) {
      if (open) await form.locator('details.more-filters summary').click();
      await form.screenshot({ path: info.outputPath(`search-${width}-${open ? 'open' : 'closed'}-${info.project.name}.png`) });
      // Nothing sticks out of the page or the form, and no two controls overlap. Controls
      // inside a closed disclosure keep layout boxes in Chromium: only those on view count.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const formBox = (await form.boundingBox())!;
      const shown = (els: Element[]) => els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect().toJSON() as DOMRect);
      const boxes = await form.locator('label, button, summary').evaluateAll(shown);
      // The sheet's button stays at the bottom of the screen, over the choices the sheet scrolls past.
      const controls = await form.locator('input, select, button:not(.sheet-submit button), summary').evaluateAll(shown);
      if (open) expect(controls.length).toBeGreaterThan(4);
      else expect(controls.length, 'words, button and the disclosure').toBe(3);
      for (const b of [...boxes, ...controls]) {
        expect(b.left).toBeGreaterThanOrEqual(formBox.x - 0.5);
        expect(b.right).toBeLessThanOrEqual(formBox.x + formBox.width + 0.5);
      }
      for (let i = 0; i < controls.length; i++)
        for (let j = i + 1; j < controls.length; j++) {
          const [a, b] = [controls[i]!, controls[j]!];
          const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          expect(overlap, `controls ${i} and ${j} overlap`).toBe(false);
        }
      // Fields and buttons on one row share their top (chips' own radios sit inside them).
      const fields = controls.filter((c) => c.height > 30);
      const rows = new Map<number, DOMRect[]>();
      for (const c of fields) rows.set(Math.round(c.bottom), [...(rows.get(Math.round(c.bottom)) ?? []), c]);
      for (const row of rows.values()) for (const c of row) expect(Math.abs(c.top - row[0]!.top)).toBeLessThanOrEqual(1);
      // On a desktop the folded form is the words, the button and "Filtros" on one row;
      // unfolded, the filters keep to a few rows.
      if (width >= 1024) expect(new Set(fields.map((c) => Math.round(c.top))).size).toBeLessThanOrEqual(open ? 8 : 2);
    }
  });
}
