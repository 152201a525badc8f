import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './appTest.js';

/**
 * The signed-out screens a visitor meets first, checked with axe-core against WCAG 2.1 AA:
 * no serious or critical violation (colour contrast among them).
 */
for (const path of ['/signin', '/signup']) {
  test(`${path} has no serious or critical WCAG 2.1 AA violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => ({
          target: node.target,
          summary: node.failureSummary,
        })),
      }));
    expect(serious).toEqual([]);
  });
}
