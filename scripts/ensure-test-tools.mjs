import { execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * What the browser tests need from Debian: Chromium, which they drive, and poppler-utils, whose
 * `pdftotext` and `pdftoppm` read and draw the printable documents (purchase order, production
 * sheet) the tests open. Where one is missing, root installs it; anyone else is told the exact
 * command. The tests are never skipped for want of a tool.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (program) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${program}`));

const missing = [
  ...(fs.existsSync(chromium) ? [] : ['chromium']),
  ...(onPath('pdftotext') && onPath('pdftoppm') ? [] : ['poppler-utils']),
];
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
if (process.getuid?.() === 0) {
  console.log(`[fabril] Faltam ${missing.join(' e ')} para os testes; instalando: ${command}`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (fs.existsSync(chromium) && onPath('pdftotext') && onPath('pdftoppm')) process.exit(0);
}
console.error(
  `[fabril] Os testes de navegador precisam de ${missing.join(' e ')}.\n` +
    `Instale com:  sudo ${command}\n` +
    (missing.includes('chromium') ? 'ou aponte CHROMIUM_PATH para um Chromium já instalado.' : ''),
);
process.exit(1);
