import { AxeBuilder } from '@axe-core/playwright';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const SCREENS_DIR = fileURLToPath(new URL('../test-results/screens', import.meta.url));

/**
 * A screenshot into test-results/screens/<name>.png, for people to look at: the
 * full page, or only the viewport (`fullPage: false`) when a dialog is open, since
 * a fixed overlay and bottom bar land mid-page in a stitched full-page image.
 * Every screen is also checked with axe (WCAG 2.1 AA): see `expectAccessible`.
 */
export async function saveScreen(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  // The pictures are for people; on CI nobody opens them, and a full-page capture costs the shared
  // cores about half a second each. axe still checks every screen there.
  if (!process.env.CI) {
    mkdirSync(SCREENS_DIR, { recursive: true });
    const fullPage = options.fullPage ?? true;
    // From the top: stitched from a scrolled position, the sticky header and the
    // fixed bottom bar land mid-page, over the content.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENS_DIR, `${name}.png`),
      fullPage,
      animations: 'disabled',
    });
  }
  // After the screenshot, which has finished every CSS animation (and the suite asks for reduced
  // motion): mid-fade colours fail contrast.
  await expectAccessible(page, name);
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe over the page as it is (WCAG 2.1 AA rules, none disabled) and fails the test, softly
 * so one run lists every screen's problems, on any violation: each with its rule, help and elements.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const startedAt = performance.now();
  // Legacy mode runs axe in the page itself: the default finishes each run in a new blank page, which costs
  // a page and a second injection per screen, for cross-origin frames the app does not have.
  const results = await new AxeBuilder({ page })
    // In this order: options() replaces what withTags() set.
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .analyze();
  const timing = process.env.SIDEPOT_E2E_AXE_TIMING;
  if (timing) appendFileSync(timing, `${name}\t${Math.round(performance.now() - startedAt)}\n`);
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n'),
  );
  expect.soft(violations, `axe (WCAG 2.1 AA) on screen "${name}"`).toEqual([]);
}

/** The page has no horizontal scroll at its current width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth,
  );
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
}
