import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, test, type Page } from '@playwright/test';
import { demoRegistry } from '../../lib/brand/registry';
import { generateDemo } from '../../lib/demo/generate';
import type { EventRecordInput } from '../../lib/catalog/record';
import { request } from '../support/client';
import { startMailSink } from '../support/mail-sink';
import { expectAccessible } from '../support/page-checks';

// A person on a phone (390×844), on every brand, with an account: taps "Salvar" on an
// event before signing in, signs in (a wrong password first: the focus goes to the
// message and a new CAPTCHA is ready) and is back on the event with it saved; saves a
// cancelled event too; sees both on /conta, the cancelled one saying so, and removes one;
// changes the name and the password; deletes the account, and a mail confirms it.
// Screenshots go under test-results/.
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4110);
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const demo = [...generateDemo({ brands: demoRegistry(PORT).brands, events: 720 })];
const upcoming = (r: EventRecordInput) => typeof r.starts_at === 'string' && Date.parse(r.starts_at) > Date.now() + 86_400_000;
const pick = (brand: string, test: (r: EventRecordInput) => boolean) => demo.find((r) => r.brand === brand && test(r))!;

// A form step: one post and the next page, about a second on a quiet machine; room for a loaded one.
const FORM_STEP_MS = 20_000;

let sink: Awaited<ReturnType<typeof startMailSink>>;
test.beforeAll(async () => {
  sink = await startMailSink(PORT + 1);
});
test.afterAll(async () => {
  await sink?.close();
});

/** Creates the account through the authentication host (its CAPTCHA solved here), and confirms it in the browser. */
async function newAccount(page: Page, brand: string, email: string, password: string) {
  const site = `http://${brand}.localhost:${PORT}`;
  const auth = { host: `auth.localhost:${PORT}`, headers: { 'x-origin': site } };
  const challenge = (await request(PORT, '/captcha/challenge', auth)).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const body = JSON.stringify({ name: 'Helena Costa', email, password, 'g-captcha-response': captcha });
  const created = await request(PORT, '/users', { method: 'POST', host: auth.host, headers: { ...auth.headers, 'content-type': 'application/json' }, body });
  expect(created.status, created.text).toBe(202);
  const message = await sink.waitFor(email, /cadastro\/confirmar/, FORM_STEP_MS);
  await page.goto(/https?:\/\/\S+/.exec(message.text)![0]);
  await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(page).toHaveURL(/\/entrar\?confirmado=1/);
}

async function solveWidget(page: Page) {
  const box = (await page.locator('altcha-widget input[type="checkbox"]').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('input[name="g-captcha-response"]')).toHaveValue(/.{20,}/, { timeout: 45_000 });
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function shoot(page: Page, info: import('@playwright/test').TestInfo, name: string) {
  const path = info.outputPath(`phone-${name}-${info.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

test('save an event before signing in, come back with it saved, remove it; change the name and the password; delete the account', async ({ page }, info) => {
  // A bound on a hung test, from the bounds of its steps: two proofs of work in the browser
  // (45 s each at most) and about twenty form steps and page loads (20 s each at most).
  test.setTimeout(2 * 45_000 + 20 * FORM_STEP_MS);
  const brand = info.project.name;
  const email = `salvos-${brand}-${Date.now()}@example.com`;
  const password = 'um passeio de barco no rio';
  await newAccount(page, brand, email, password);

  // "Salvar" on an event page, before signing in: the sign-in page says why it is there.
  const open = pick(brand, (r) => upcoming(r) && r.event_status === 'scheduled' && !r.is_closed);
  await page.goto(`/eventos/${open.slug}`);
  await expect(page.locator('#salvo')).toBeHidden();
  const save = page.getByRole('button', { name: 'Salvar', exact: true });
  expect((await save.boundingBox())!.y + (await save.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height);
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/entrar\\?salvar=${open.slug}$`));
  await expect(page.getByText('Entre na sua conta para salvar o evento')).toBeVisible();

  // A wrong password: the focus is on the message, and the new CAPTCHA solves a new
  // challenge on its own (each guess spends one), with no second tap.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('não é esta a senha');
  await solveWidget(page);
  const spent = await page.locator('input[name="g-captcha-response"]').inputValue();
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page.locator('#erro')).toHaveText('E-mail ou senha incorretos.', { timeout: FORM_STEP_MS });
  await expect.poll(() => focusedId(page), { timeout: FORM_STEP_MS }).toBe('erro');
  await expect(page.locator('input[name="g-captcha-response"]')).toHaveValue(/.{20,}/, { timeout: 45_000 });
  expect(await page.locator('input[name="g-captcha-response"]').inputValue()).not.toBe(spent);
  await expect(page.locator('altcha-widget input[type="checkbox"]')).toBeChecked();
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).last().click();

  // Back on the event, saved: the note is the page's target.
  await expect(page).toHaveURL(new RegExp(`/eventos/${open.slug}#salvo$`), { timeout: FORM_STEP_MS });
  await expect(page.locator('#salvo')).toBeVisible();
  await expect(page.locator('#salvo')).toContainText('Evento salvo na sua conta');
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, info, 'saved-note');

  // A cancelled event, saved while signed in.
  const cancelled = pick(brand, (r) => upcoming(r) && r.event_status === 'cancelled');
  await page.goto(`/eventos/${cancelled.slug}`);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/eventos/${cancelled.slug}#salvo$`), { timeout: FORM_STEP_MS });
  await expect(page.locator('#salvo')).toBeVisible();

  // Both on /conta, the cancelled one saying so.
  await page.getByRole('link', { name: 'Ver eventos salvos' }).click();
  const list = page.locator('.saved-list');
  await expect(list.locator('.saved-item')).toHaveCount(2);
  await expect(list.locator('.saved-item', { hasText: cancelled.name })).toContainText('Cancelado');
  await expect(list.locator('.saved-item', { hasText: open.name }).locator('.saved-state')).toHaveCount(0);
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, info, 'conta-saved');
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: `Remover dos salvos: ${open.name}` }).click();
  await expect(page.locator('#feito')).toHaveText('Evento removido dos salvos.', { timeout: FORM_STEP_MS });
  await expect.poll(() => focusedId(page), { timeout: FORM_STEP_MS }).toBe('feito');
  await expect(list.locator('.saved-item')).toHaveCount(1);

  // The name.
  const nameForm = page.locator('form[action="/conta/nome"]');
  await nameForm.getByLabel('Nome').fill('Helena Prado Costa');
  await nameForm.getByRole('button', { name: 'Salvar nome' }).click();
  await expect(page.locator('#feito')).toHaveText('Nome alterado.', { timeout: FORM_STEP_MS });
  await expect(page.locator('.profile')).toContainText('Helena Prado Costa');

  // The password: a wrong current one is refused, with the focus on why; then the change.
  const passwordForm = page.locator('form[action="/conta/senha"]');
  const newPassword = 'uma nova trilha na serra';
  await passwordForm.getByLabel('Senha atual').fill('não é esta a senha');
  await passwordForm.getByLabel('Nova senha').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.locator('#erro')).toHaveText('A senha atual não confere. Nada foi alterado.', { timeout: FORM_STEP_MS });
  await expect.poll(() => focusedId(page), { timeout: FORM_STEP_MS }).toBe('erro');
  await passwordForm.getByLabel('Senha atual').fill(password);
  await passwordForm.getByLabel('Nova senha').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.locator('#feito')).toContainText('Senha alterada.', { timeout: FORM_STEP_MS });

  // Two-step codes: under a heading that says what they are, with the field labelled.
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await expect(page.locator('form[action="/conta/dois-passos"]').getByLabel('Sua senha, para confirmar')).toBeVisible();

  // Deleting the account, with the (new) password.
  const deleteForm = page.locator('form[action="/conta/excluir"]');
  await deleteForm.getByLabel('Sua senha, para confirmar a exclusão').fill(newPassword);
  await deleteForm.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page).toHaveURL(/\/conta\/excluida$/, { timeout: FORM_STEP_MS });
  await expect(page.locator('h1')).toHaveText('Conta excluída');
  await expect(page.locator('.site-header')).toContainText('Entrar');
  expect((await page.context().cookies()).find((c) => c.name === 'sessao')).toBeUndefined();
  expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, info, 'deleted');
  const goodbye = await sink.waitFor(email, /foi excluída/, FORM_STEP_MS);
  expect(goodbye.text).toContain('eventos salvos');
  await page.goto('/conta');
  await expect(page).toHaveURL(/\/entrar\?next=%2Fconta/);
});
