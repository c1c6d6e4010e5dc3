import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { ROOT } from './server.js';

export const SCREENSHOTS = path.join(ROOT, '.test-artifacts/screenshots');

/**
 * Debian's Chromium driven by playwright-core: one browser per test file, a fresh context (empty
 * localStorage and cookies) per test, desktop size unless a test says otherwise.
 */
export function useBrowser() {
  const state = { consoleErrors: [] as string[] } as {
    browser: Browser;
    context: BrowserContext;
    page: Page;
    consoleErrors: string[];
  };
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => state.browser?.close());

  beforeEach(async () => {
    state.context = await state.browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    state.page = await state.context.newPage();
    state.consoleErrors = [];
    state.page.on('console', (message) => {
      if (message.type() === 'error') state.consoleErrors.push(message.text());
    });
  });
  afterEach(async () => state.context?.close());

  return {
    get page() {
      return state.page;
    },
    baseUrl,
    admin: inject('admin'),
    /** Errors the page logged (a CSP violation shows up here). */
    get consoleErrors() {
      return state.consoleErrors;
    },
    /** The visible viewport (a full-page shot repeats the sticky header mid-page). */
    screenshot: async (name: string, fullPage = false) => {
      await fs.mkdir(SCREENSHOTS, { recursive: true });
      await state.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
    },
  };
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password: string, path = '/account/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in as the browser tests' administrator and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  const admin = inject('admin');
  await signIn(page, admin.email, admin.password);
  await page.waitForURL(/\/dashboard$/);
}

/**
 * An API call made by the signed-in page itself (its token and CSRF cookie), to set a scene up
 * fast or to act as "another user" while the screen is open.
 */
export function pageApi(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const csrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      // No body, no JSON content type: the API refuses a declared JSON body that is empty.
      const response = await fetch(`/api/v1${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'x-xsrf-token': csrf,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  );
}

/** The bytes a GET answers, fetched by the signed-in page with its token (a PDF, an XML). */
export async function pageBytes(page: Page, path: string) {
  const fetched = await page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      base64: btoa(binary),
    };
  }, path);
  return { ...fetched, body: Buffer.from(fetched.base64, 'base64') };
}
