import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** A screenshot kept with the test's artifacts (DESIGN §9); the whole page unless `fullPage` is false. */
export async function screenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Console errors (a CSP violation, a failed image, a hydration error) fail the journey. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Serious and critical accessibility violations axe finds on the page as it is, each with its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
