import type { Page } from 'playwright-core';

/**
 * Opens a screen through the top menu, as a person would: hovers the group, clicks the item.
 * The group's popup opens with an animation; on a loaded machine the click can land while the
 * popup is still moving (a neighbouring group's title then takes the pointer, opens its own popup
 * and closes this one). A person would hover again, and so does this: up to three times.
 */
export async function openFromMenu(page: Page, group: string, item: string) {
  const groupTitle = page
    .getByRole('menuitem', { name: group, exact: true })
    .filter({ visible: true });
  const entry = page.getByRole('menuitem', { name: item, exact: true }).filter({ visible: true });
  for (let attempt = 1; ; attempt++) {
    await groupTitle.hover();
    try {
      // The entry's link itself: the item's box is wider than its text, and a click on the
      // item outside the link goes nowhere.
      await entry.getByRole('link').click({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      // Leave the menu so that the next hover opens the group afresh.
      await page.mouse.move(0, 400);
    }
  }
}
