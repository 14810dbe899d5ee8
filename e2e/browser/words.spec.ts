import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, watch } from '../support/page-checks';

// A person on a phone (390×844), on every brand, searching in their own words: a place
// said becomes a chip beside the date's, "você quis dizer" is on the first screen with the
// catalog's accents, and a search that finds nothing offers kinds and places to try.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const chips = (page: Page) => page.locator('.active-filters .filter-chip');

test("the review's sentence: the city and the date become chips, the words say what", async ({ page }, info) => {
  const problems = await watch(page);
  await page.goto(`/?q=${encodeURIComponent('Quero um show de samba em Recife neste fim de semana')}`);
  await expect(chips(page)).toHaveText(['“show de samba”', 'Recife', 'Este fim de semana']);
  await expect(page.locator('input[name="q"]')).toHaveValue('show de samba');
  // Nothing that weekend: ways out, each with its count.
  if ((await page.locator('.card').count()) === 0) await expect(page.locator('.ways-forward li').first()).toHaveText(/\(\d[\d.]*\+? eventos?\)$/);
  await expectAccessible(page);
  const shot = info.outputPath(`words-sentence-${info.project.name}.png`);
  await page.screenshot({ path: shot });
  await info.attach('the review sentence', { path: shot, contentType: 'image/png' });

  // Without the date chip, Recife stays a filter: a samba first, or ways out.
  await chips(page).filter({ hasText: 'Este fim de semana' }).click();
  await expect(chips(page)).toHaveText(['“show de samba”', 'Recife']);
  const first = page.locator('.card h2').first();
  if (await first.count()) await expect(first).toContainText(/samba/i);
  else await expect(page.locator('.ways-forward a', { hasText: 'Em todas as cidades' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('"você quis dizer" is on the first screen, above the form, with the accents of the catalog', async ({ page }) => {
  await page.goto('/?q=forro+salvadro');
  const said = page.locator('.did-you-mean');
  await expect(said).toHaveText('Você quis dizer: forró salvador?');
  const box = (await said.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(box.y).toBeLessThan((await page.locator('form').first().boundingBox())!.y);
  // The suggestion is read as any search: its city is a chip.
  await said.locator('a').click();
  await expect(chips(page)).toHaveText(['“forró”', 'Salvador']);
});

test('an impossible search offers kinds of event and cities with their counts', async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent('zumbalanga quântica')}`);
  await expect(page.locator('h1')).toHaveText('Nenhum evento encontrado');
  const ways = page.locator('.ways-forward li');
  await expect(ways.filter({ has: page.locator('a[href^="/categoria/"]') }).first()).toHaveText(/\(\d[\d.]*\+? eventos?\)$/);
  await expect(ways.filter({ has: page.locator('a[href^="/eventos-em/"]') }).first()).toHaveText(/^Eventos em .+\(\d[\d.]*\+? eventos?\)$/);
  await expect(page.getByRole('link', { name: 'Limpar filtros' })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.locator('.ways-forward a[href^="/categoria/"]').first().click();
  await expect(page.locator('.card').first()).toBeVisible();
});
