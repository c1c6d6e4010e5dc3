import { execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The browser tests drive Debian's Chromium. Where it is missing, root installs it; anyone else
 * is told the exact command. The tests are never skipped for want of a browser.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const command = 'apt-get update && apt-get install -y chromium';
if (process.getuid?.() === 0) {
  console.log(`[fabril] Chromium não encontrado em ${chromium}; instalando: ${command}`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (fs.existsSync(chromium)) process.exit(0);
}
console.error(
  `[fabril] Os testes de navegador precisam do Chromium em ${chromium}.\n` +
    `Instale com:  sudo ${command}\n` +
    'ou aponte CHROMIUM_PATH para um Chromium já instalado.',
);
process.exit(1);
