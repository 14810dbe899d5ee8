import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, watch } from '../support/page-checks';

// Organizers and "Perto de mim", as a person does them on a phone (390×844) and on a
// desktop (1366×900), for each brand: from the listing to the organizers, typing part of a
// name and taking a suggestion with the keyboard, or searching without JavaScript; "Perto
// de mim" with the location allowed (the listing around it, nearest first), refused, or
// without JavaScript (the cities).

const DEVICES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const;
// São Paulo's centre: the demo catalog has events around it in every brand.
const SAO_PAULO = { latitude: -23.550520, longitude: -46.633308 };

async function shot(page: Page, info: { outputPath: (name: string) => string; attach: (name: string, o: { path: string; contentType: string }) => Promise<void>; project: { name: string } }, name: string) {
  const path = info.outputPath(`${name}-${info.project.name}.png`);
  await page.screenshot({ path });
  await info.attach(name, { path, contentType: 'image/png' });
}

async function context(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }, options: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({ baseURL, viewport, locale: 'pt-BR', ...options });
}

for (const [device, viewport] of DEVICES) {
  test(`${device}: from the listing to an organizer, through a suggestion taken with the keyboard`, async ({ browser, baseURL }, info) => {
    const ctx = await context(browser, baseURL, viewport);
    const page = await ctx.newPage();
    const problems = await watch(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Explorar' }).getByRole('link', { name: 'Produtores' }).click();
    await expect(page).toHaveURL(/\/produtores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Produtores' })).toBeVisible();
    const names = await page.locator('.organizer-list a').allTextContents();
    expect(names.length).toBeGreaterThan(5);
    await expectAccessible(page);
    // Part of a name, as one types it: suggestions under the field.
    const name = names[3]!;
    const part = name.split(' ')[0]!.slice(0, 4).toLowerCase();
    const field = page.getByLabel('Nome do produtor');
    await field.pressSequentially(part, { delay: 40 });
    const suggestions = page.locator('#organizer-suggestions a');
    await expect(suggestions.first()).toBeVisible();
    await expect(suggestions.filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText(/\d+ sugest(ão|ões)\./);
    await expectAccessible(page);
    await shot(page, info, `organizer-suggestions-${device}`);
    // Down into the list, down to the name, Enter: its page.
    await field.press('ArrowDown');
    await expect(suggestions.first()).toBeFocused();
    const at = (await suggestions.allTextContents()).indexOf(name);
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    await expect(suggestions.nth(at)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Eventos de ${name}` })).toBeVisible();
    // What it is, above its events, on the first screen.
    const facts = page.locator('.organizer-facts');
    await expect(facts).toContainText('Próximos eventos');
    await expect(facts.getByRole('link').first()).toBeVisible();
    expect((await facts.boundingBox())!.y).toBeLessThan(viewport.height);
    expect((await facts.boundingBox())!.y).toBeLessThan((await page.locator('.card').first().boundingBox())!.y);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await shot(page, info, `organizer-page-${device}`);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  test(`${device}: "Perto de mim" with the location allowed lists events nearest first, each saying how far`, async ({ browser, baseURL }, info) => {
    const ctx = await context(browser, baseURL, viewport, { permissions: ['geolocation'], geolocation: SAO_PAULO });
    const page = await ctx.newPage();
    const problems = await watch(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Perto de mim' }).click();
    await page.waitForURL(/near=/);
    const url = new URL(page.url());
    // Rounded to about 1 km before it reaches the address.
    expect(url.searchParams.get('near')).toBe('-23.55,-46.63');
    expect(url.searchParams.get('radius_km')).toBe('25');
    expect(url.searchParams.get('sort')).toBe('distance');
    await expect(page.getByRole('link', { name: 'Remover filtro: Perto de você (25 km)' })).toBeVisible();
    const distances = await page.locator('.card .distance').allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    const km = distances.map((d) => (/menos de 1/.test(d) ? 0 : Number(/a ([\d.]+) km/.exec(d)![1]!.replace(/\./g, ''))));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(25);
    expect((await page.locator('.card .distance').first().boundingBox())!.y).toBeLessThan(viewport.height);
    await expectAccessible(page);
    await shot(page, info, `near-me-${device}`);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  test(`${device}: "Perto de mim" refused offers the cities, and so does it without JavaScript`, async ({ browser, baseURL }) => {
    const refused = await context(browser, baseURL, viewport, { permissions: [] });
    const page = await refused.newPage();
    // A denial answered at once, as a browser does once the person said no.
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_ok, fail) => fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Perto de mim' }).click();
    await expect(page).toHaveURL(/\/perto-de-mim#sem-localizacao$/);
    await expect(page.getByText('Não foi possível saber onde você está. Escolha uma cidade abaixo.')).toBeVisible();
    const cities = page.locator('.near-cities a');
    expect(await cities.count()).toBeGreaterThan(3);
    await expectAccessible(page);
    await refused.close();

    const noScript = await context(browser, baseURL, viewport, { javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/');
    await plain.getByRole('link', { name: 'Perto de mim' }).click();
    await expect(plain).toHaveURL(/\/perto-de-mim$/);
    // The message is for a refused location only.
    await expect(plain.getByText('Não foi possível saber onde você está.')).toBeHidden();
    const city = (await plain.locator('.near-cities a').first().textContent())!.split(' - ')[0]!;
    await plain.locator('.near-cities a').first().click();
    await expect(plain.getByRole('link', { name: new RegExp(`^Remover filtro: Perto de ${city}`) })).toBeVisible();
    await expect(plain.locator('.card .distance').first()).toBeVisible();
    await noScript.close();
  });
}

test('the organizers search works without JavaScript: a GET form, then the organizer', async ({ browser, baseURL }) => {
  const ctx = await context(browser, baseURL, { width: 390, height: 844 }, { javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('/produtores');
  const name = (await page.locator('.organizer-list a').nth(2).textContent())!;
  await page.getByLabel('Nome do produtor').fill(name.slice(0, 5));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/produtores\?q=/);
  await page.locator('.organizer-list').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Eventos de ${name}` })).toBeVisible();
  await ctx.close();
});
