import type { Page } from 'playwright-core';

/** Opens a screen through the top menu, as a person would: hovers the group, clicks the item. */
export async function openFromMenu(page: Page, group: string, item: string) {
  await page.getByRole('menuitem', { name: group, exact: true }).filter({ visible: true }).hover();
  await page.getByRole('menuitem', { name: item, exact: true }).filter({ visible: true }).click();
}
