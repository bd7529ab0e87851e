import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Asserts that axe finds no violation on the page, or inside `include` (a CSS selector such as
 * 'main' or '[role="dialog"]'); a failure lists each rule with the elements it names.
 */
export async function expectAxeClean(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (include ? builder.include(include) : builder).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
