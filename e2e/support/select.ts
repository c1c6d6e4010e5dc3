import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Chooses an option of the antd Select labelled `label`: types `search` and clicks the first
 * visible option containing `option` (the search itself unless told). Only a combobox of that
 * label is taken, so a radio of the same name beside it does not get in the way.
 */
export async function pick(page: Page, label: string, search: string, option = search) {
  const input = page.getByLabel(label, { exact: true }).and(page.getByRole('combobox'));
  await input.click();
  await input.fill(search);
  const dropdowns = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    await dropdowns.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
    // The next pick must not find this list's options while it is still fading out. A click
    // that landed as the searched options replaced the first ones picked nothing and left the
    // list open: click the option again, as a person would.
    try {
      await expect.poll(() => dropdowns.count(), { timeout: 3_000 }).toBe(0);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
