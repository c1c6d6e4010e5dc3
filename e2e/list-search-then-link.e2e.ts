import { describe, expect, it } from 'vitest';
import { signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();

describe('a list search still being typed', () => {
  it('does not pull the user back from the menu entry they clicked before it was sent', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.waitForURL(/\/dashboard$/);
    // Marcas' screen arrives late (a slow network): the router waits for it on the list, and
    // the search typed just before the click comes due meanwhile (400 ms after the last key).
    await page.route('**/assets/brands-area-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/checkingaccounts');
    const search = page.getByTestId('resource-search');
    await search.waitFor();
    await page.getByRole('menuitem', { name: 'Pré-Cadastros', exact: true }).hover();
    const brands = page.getByRole('menuitem', { name: 'Marcas', exact: true });
    await brands.hover();
    await search.fill('conta');
    await brands.click();

    await page.waitForURL(/\/brands$/, { timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Marcas' }).count()).toBe(1);
    await page.waitForTimeout(600);
    expect(new URL(page.url()).pathname).toBe('/brands');
  });
});
