import { expect, test } from '@playwright/test';
import { expectAccessible, watch, withoutNotFound } from '../support/page-checks';

// Landing pages as a person reaches them: from a card's city, from an event's producer,
// at a category's address; each accessible (axe, WCAG 2.1 AA) and free of console errors
// and CSP violations, with the calendar to subscribe to.


test('a city from a card, an organizer from an event, a category: accessible, with a calendar to subscribe to', async ({ page }, info) => {
  const problems = await watch(page);
  await page.goto('/');
  // The first city link of any card: an online event's card has none, and the soonest event
  // of the demo catalog is online at some hours of the day.
  const cityLink = page.locator('.card .meta a').first();
  const city = (await cityLink.innerText()).replace(/ - [A-Z]{2}$/, '');
  await cityLink.click();
  await expect(page).toHaveURL(/\/eventos-em\/[a-z0-9-]+$/);
  await expect(page.locator('h1')).toHaveText(`Eventos em ${city}`);
  await expect(page.locator('.card').first()).toBeVisible();
  const subscribe = page.getByRole('link', { name: 'Adicionar ao calendário' });
  await expect(subscribe).toHaveAttribute('href', new RegExp(`^webcal://${info.project.name}\\.localhost:\\d+/eventos-em/[a-z0-9-]+/calendario\\.ics$`));
  await expectAccessible(page);
  const shots = process.env.SHOTS_DIR;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = shots ? `${shots}/landing-city-${info.project.name}-${width}.png` : info.outputPath(`landing-city-${width}.png`);
    await page.screenshot({ path, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.locator('.card h2 a').first().click();
  await expect(page).toHaveURL(/\/eventos\//);
  const producer = page.locator('.facts a[href^="/produtores/"]');
  const name = await producer.innerText();
  await producer.click();
  await expect(page).toHaveURL(/\/produtores\/[a-z0-9-]+$/);
  await expect(page.locator('h1')).toHaveText(`Eventos de ${name}`);
  await expectAccessible(page);

  await page.goto('/categoria/teatro');
  await expect(page.locator('h1')).toHaveText('Teatro e espetáculos');
  await expectAccessible(page);

  const missing = await page.goto('/eventos-em/atlantida');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Página não encontrada');
  await expectAccessible(page);
  expect(withoutNotFound(problems)).toEqual([]);
});
