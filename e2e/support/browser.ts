import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
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
      // The pages then draw without antd's motion (app/antd-providers.tsx): its zoom first lays a
      // dialog out where it ends and then shrinks it, and a click aimed in between met the page
      // behind (a dialog's button that stayed open, a menu entry that did not navigate).
      reducedMotion: 'reduce',
    });
    state.page = await state.context.newPage();
    state.consoleErrors = [];
    state.page.on('console', (message) => {
      if (message.type() === 'error') state.consoleErrors.push(message.text());
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportFailure(state.page, task.name);
    await state.context?.close();
  });

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

/**
 * What the page showed when a test failed: its address and visible text in the run's output (all
 * a CI log keeps), and a screenshot under .test-artifacts for a run on this machine.
 */
async function reportFailure(page: Page | undefined, testName: string) {
  if (!page || page.isClosed()) return;
  const name = `failed-${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}`;
  const shown = await page
    .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 800))
    .catch((error: unknown) => `(texto indisponível: ${String(error)})`);
  console.error(`[${testName}] ${page.url()}\n${shown}`);
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) }).catch(() => undefined);
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

/**
 * The whole records a search of a resource's list finds (`/clients`, "Maria"): a list row carries
 * only the list's columns, so each one found is read by its id, as the form reads it.
 */
export async function recordsFound(page: Page, resourcePath: string, q: string) {
  const list = await pageApi(page, 'GET', `${resourcePath}?q=${encodeURIComponent(q)}`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const rows = (list.body as { items: { id: number }[] }).items;
  return Promise.all(
    rows.map(async (row) => {
      const one = await pageApi(page, 'GET', `${resourcePath}/${String(row.id)}`);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      return one.body as Record<string, unknown>;
    }),
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
