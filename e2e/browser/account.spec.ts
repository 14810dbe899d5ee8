import { expect, test, type Page } from '@playwright/test';
import { startMailSink } from '../support/mail-sink';
import { expectAccessible as expectAccessibleOn } from '../support/page-checks';

// A person creates an account (solving the ALTCHA widget in the browser), follows the
// link of the e-mail caught by the SMTP sink, signs in, sees /conta and signs out.
// The server sends its mail to PLAYWRIGHT_PORT + 1 (playwright.config.ts).
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4110);
let sink: Awaited<ReturnType<typeof startMailSink>>;

test.beforeAll(async () => {
  sink = await startMailSink(PORT + 1);
});
test.afterAll(async () => {
  await sink?.close();
  if (solveTimes.length) console.log(`[altcha] widget solved in ${solveTimes.join(', ')} ms`);
});

// The ALTCHA widget is a third party's drawing.
const expectAccessible = (page: Page) => expectAccessibleOn(page, { exclude: 'altcha-widget' });

const solveTimes: number[] = [];
// A form step: one post (an argon2 hash, a mail sent before the answer) and the next page,
// about a second on a quiet machine; 20 s is room for a loaded one, and only a step that
// never completes waits it out.
const FORM_STEP_MS = 20_000;

async function solveWidget(page: Page) {
  const started = Date.now();
  // Click where the checkbox is drawn, as a person does (the widget draws its tick over it).
  const box = (await page.locator('altcha-widget input[type="checkbox"]').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // The proof of work takes a fraction of a second in Chromium on a quiet machine (each solve is logged as [altcha]); CPU-bound, it is what a loaded machine slows most, hence the room.
  await expect(page.locator('input[name="g-captcha-response"]')).toHaveValue(/.{20,}/, { timeout: 45_000 });
  solveTimes.push(Date.now() - started);
}

test('create an account, confirm the e-mail, sign in, see the account, sign out, reset the password, sign out everywhere', async ({ page }, info) => {
  // A bound on a hung test, from the bounds of its steps: four proofs of work (45 s each at
  // most) and about a dozen form steps and page loads (20 s each at most). A loaded machine
  // stretches all of them at once; the configuration's 60 s covers one quiet run of this
  // test, not one on a machine at load average 20, where it took more than a minute.
  test.setTimeout(4 * 45_000 + 12 * FORM_STEP_MS);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const email = `pessoa-${info.project.name}-${Date.now()}@example.com`;
  const password = 'um passeio de barco no rio';

  await page.goto('/');
  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/entrar$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Criar conta' }).click();
  await expect(page.locator('h1')).toHaveText('Criar conta');
  await expectAccessible(page);

  await page.getByLabel('Nome').fill('Beatriz Lima');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await solveWidget(page);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.locator('h1')).toHaveText('Confira seu e-mail', { timeout: FORM_STEP_MS });

  const message = await sink.waitFor(email, /cadastro\/confirmar/, FORM_STEP_MS);
  const link = /https?:\/\/\S+/.exec(message.text)![0];
  // Opening the link changes nothing (a mail scanner follows links too): its button does.
  await page.goto(link);
  await expect(page.locator('h1')).toHaveText('Confirmar e-mail');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar e-mail' }).click();
  await expect(page).toHaveURL(/\/entrar\?confirmado=1/);
  await expect(page.getByRole('status')).toContainText('E-mail confirmado');

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await solveWidget(page);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page).toHaveURL(/\/conta$/, { timeout: FORM_STEP_MS });
  await expect(page.locator('h1')).toHaveText('Minha conta');
  await expect(page.locator('.profile')).toContainText(email);
  await expect(page.locator('.site-header')).toContainText('Beatriz');
  await expectAccessible(page);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'sessao');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.locator('.site-header')).toContainText('Entrar');
  expect((await page.context().cookies()).find((c) => c.name === 'sessao')).toBeUndefined();
  await page.goto('/conta');
  await expect(page).toHaveURL(/\/entrar\?next=%2Fconta/);

  // Esqueci minha senha: a link by e-mail, a new password, and in with it.
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.locator('h1')).toHaveText('Esqueci minha senha');
  await expectAccessible(page);
  await page.getByLabel('E-mail').fill(email);
  await solveWidget(page);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.locator('h1')).toHaveText('Confira seu e-mail', { timeout: FORM_STEP_MS });
  const reset = await sink.waitFor(email, /entrar\/redefinir/, FORM_STEP_MS);
  await page.goto(/https?:\/\/\S+/.exec(reset.text)![0]);
  await expect(page.locator('h1')).toHaveText('Nova senha');
  await expectAccessible(page);
  const newPassword = 'uma nova trilha na serra';
  await page.getByLabel('Nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/entrar\?redefinida=1/);
  await expect(page.getByRole('status')).toContainText('Senha alterada');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(newPassword);
  await solveWidget(page);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page).toHaveURL(/\/conta$/, { timeout: FORM_STEP_MS });
  await expect(page.locator('.profile')).toContainText(email);
  await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect((await page.context().cookies()).find((c) => c.name === 'sessao')).toBeUndefined();
  expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
});
