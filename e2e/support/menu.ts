import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens a screen through the top menu, as a person would: clicks the entry (`clickMenuEntry`) and
 * sees the address change. A person whose click went nowhere hovers and clicks again, and so does
 * this, up to three times: once in a few runs, right after signing in, the popup shifted under
 * the pointer between Playwright's aiming and its click (the entries, then the group's title passed
 * under a still pointer), and the click hit the page behind it: a click on <body>, the address
 * left as it was. The likely cause is antd's motion, which places a popup before it starts moving
 * it; the tests now run with reduced motion (support/browser.ts), which turns that motion off, and
 * the retries stay for a click that misses all the same.
 */
export async function openFromMenu(page: Page, group: string, item: string) {
  for (let attempt = 1; ; attempt++) {
    const href = await clickMenuEntry(page, group, item);
    try {
      await page.waitForURL((url) => url.pathname === href, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      // Leave the menu so that the next hover opens the group afresh.
      await page.mouse.move(0, 400);
    }
  }
}

/**
 * Hovers the group, waits for its popup to stop moving and clicks the item's link; answers the
 * link's address. On its own where the click is meant to be stopped (the unsaved-changes question).
 * The popup opens with an animation; a click while it moves can miss (a neighbouring group's title
 * then takes the pointer and opens its own popup), so the click is tried up to three times too.
 */
export async function clickMenuEntry(page: Page, group: string, item: string): Promise<string> {
  const groupTitle = page
    .getByRole('menuitem', { name: group, exact: true })
    .filter({ visible: true });
  const entry = page.getByRole('menuitem', { name: item, exact: true }).filter({ visible: true });
  // The entry's link itself: the item's box is wider than its text, and a click on the item
  // outside the link goes nowhere.
  const link = entry.getByRole('link');
  const popup = page.locator('.ant-menu-submenu-popup').filter({ has: entry });
  for (let attempt = 1; ; attempt++) {
    await groupTitle.hover();
    try {
      const href = await link.getAttribute('href', { timeout: 8_000 });
      // antd's slide-up motion classes stay on the popup until it has arrived.
      await expect
        .poll(() => popup.getAttribute('class', { timeout: 1_000 }), { timeout: 8_000 })
        .not.toMatch(/ant-slide-up/);
      await link.click({ timeout: 8_000 });
      return href ?? '';
    } catch (error) {
      if (attempt === 3) throw error;
      await page.mouse.move(0, 400);
    }
  }
}
