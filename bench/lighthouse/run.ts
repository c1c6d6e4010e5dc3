/**
 * Lighthouse on four screens (the login, the dashboard, a list and a form), against the server as
 * `npm start` runs it and Debian's Chromium: the performance and accessibility scores of each, the
 * accessibility audits that failed (with the elements), and the login page's JavaScript, gzipped,
 * against 200 KB (issue 21). Exits with 1 when the JavaScript is over.
 *
 * Chromium is started by playwright-core with a debugging port Lighthouse connects to, in its
 * default (persistent) context: the session the script signs in with stays in localStorage, and
 * Lighthouse is told not to clear it. The login page comes last, since opening it signs out.
 *
 * Usage: npm run bench:lighthouse [-- --mobile]   (desktop preset by default: a back office)
 * See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { paths } from '../../src/shared/paths.js';
import { freePort } from '../../src/server/db/free-port.js';
import { generateClients } from '../lists/generate-clients.js';
import { ADMIN } from '../support/load.js';
import { startBenchServer } from '../support/server.js';

const LOGIN_JS_LIMIT = 200 * 1024;
const RESULTS = path.join(import.meta.dirname, 'results');
const { values: args } = parseArgs({ options: { mobile: { type: 'boolean', default: false } } });

const screens = [
  { name: 'painel', path: paths.dashboard },
  { name: 'lista de clientes', path: paths.clients },
  { name: 'formulário de cliente', path: `${paths.clients}/new` },
  { name: 'login', path: paths.login },
];

const score = (category: Result['categories'][string] | undefined) =>
  category?.score === null || category?.score === undefined
    ? '—'
    : String(Math.round(category.score * 100));

/** The accessibility audits that failed, each with the elements it names (their snippets). */
function failedAccessibility(lhr: Result) {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      type Node = { snippet?: string; nodeLabel?: string; explanation?: string };
      const items = (audit.details as { items?: { node?: Node }[] } | undefined)?.items ?? [];
      // The element, its text, and why (the colours and ratio, the size...).
      const nodes = items
        .map((item) => item.node)
        .filter((node): node is Node => node !== undefined)
        .map((node) =>
          [node.snippet, node.nodeLabel, node.explanation?.split('\n').at(-1)]
            .filter(Boolean)
            .join(' — '),
        );
      return `    ${audit.id}: ${audit.title}\n${nodes.map((node) => `      ${node}`).join('\n')}`;
    });
}

/** The JavaScript the login page loads, each file's size gzipped (level 9, as the build). */
async function loginJavaScript(context: BrowserContext, base: string) {
  const page = await context.newPage();
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await response.body().catch(() => undefined);
    if (body) files.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base}${paths.login}`, { waitUntil: 'networkidle' });
  await page.close();
  return files;
}

async function main() {
  const server = await startBenchServer('lighthouse');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-lighthouse-'));
  let context: BrowserContext | undefined;
  try {
    // A list with rows to show.
    await generateClients(server.databaseUrl, 200);
    const port = await freePort();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}${paths.login}`);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard$/);

    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    };
    const lines: string[] = [];
    for (const screen of screens) {
      const result = await lighthouse(
        `${server.url}${screen.path}`,
        flags,
        args.mobile ? undefined : desktopConfig,
      );
      if (!result) throw new Error(`Lighthouse não respondeu para ${screen.path}`);
      const { lhr } = result;
      if (new URL(lhr.finalDisplayedUrl).pathname !== screen.path) {
        throw new Error(`${screen.path} terminou em ${lhr.finalDisplayedUrl} (sessão perdida?)`);
      }
      const line =
        `${screen.name.padEnd(22)} ${screen.path.padEnd(16)} desempenho ` +
        `${score(lhr.categories.performance).padStart(3)}, acessibilidade ` +
        `${score(lhr.categories.accessibility).padStart(3)}`;
      console.log(line);
      lines.push(line, ...failedAccessibility(lhr));
    }

    const files = await loginJavaScript(context, server.url);
    const total = [...files.values()].reduce((sum, size) => sum + size, 0);
    const over = total > LOGIN_JS_LIMIT;
    const js =
      `JavaScript do login: ${files.size} arquivos, ${(total / 1024).toFixed(1)} KB com gzip ` +
      `(limite ${LOGIN_JS_LIMIT / 1024} KB)${over ? ' — ACIMA DO LIMITE' : ''}`;
    console.log(js);
    lines.push(
      '',
      js,
      ...[...files].map(([file, size]) => `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`),
    );
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `lighthouse-${args.mobile ? 'mobile' : 'desktop'}.txt`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    console.log(`Auditorias de acessibilidade que falharam: ${path.relative(process.cwd(), file)}`);
    process.exitCode = over ? 1 : 0;
  } finally {
    await context?.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

await main();
