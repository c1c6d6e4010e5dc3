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
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  // The next pick must not find this list's options while it is still fading out.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
