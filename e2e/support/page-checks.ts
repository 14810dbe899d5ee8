import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Checks the browser tests share: axe against WCAG 2.1 AA, and a watch on what a page
// reports as wrong while a test runs.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe finds no WCAG 2.1 AA violation on the page; `exclude` leaves out what a third party draws. */
export async function expectAccessible(page: Page, options: { exclude?: string } = {}): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(WCAG);
  if (options.exclude) axe.exclude(options.exclude);
  const results = await axe.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Collects console errors, page errors and CSP violations of every document the page loads. */
export async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

/** What `watch` saw, less the console's line for a 404 the test asked for. */
export const withoutNotFound = (problems: string[]) => problems.filter((p) => !/status of 404 \(Not Found\)/.test(p));
