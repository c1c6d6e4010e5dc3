import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSync } from 'esbuild';

/**
 * Builds what `npm start` runs: the SPA into dist/web, with brotli and gzip copies of every text
 * asset that the server sends as they are (`ensureWebBuild` skips it when nothing it depends on
 * changed), and the server into one ES module, dist/server/main.js (esbuild, ~50 ms, so it is
 * simply rebuilt at every start: loading plain JavaScript starts about a second faster than
 * compiling TypeScript on the fly).
 */
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/web');
const stampFile = path.join(outDir, '.fingerprint');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function fingerprint() {
  const hash = createHash('sha256');
  const walk = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) walk(path.join(entry, child));
    } else {
      hash.update(`${entry}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  inputs.forEach(walk);
  return hash.digest('hex');
}

export function compressAssets(dir = outDir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      compressAssets(file);
    } else if (/\.(js|css|html|svg|json|txt|map)$/.test(entry.name)) {
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  }
}

export function buildWeb() {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production build, whatever NODE_ENV the caller has: a build started from the
    // browser tests' server (NODE_ENV=test) had antd's test-only ids ("test-id" on every
    // dialog's title), so dialogs shared one id and took the wrong accessible name.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  compressAssets();
  fs.writeFileSync(stampFile, fingerprint());
}

export function ensureWebBuild() {
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (current === fingerprint() && fs.existsSync(path.join(outDir, 'index.html'))) return false;
  console.log('[fabril] Gerando a aplicação web (só quando o código mudou)...');
  buildWeb();
  return true;
}

export function buildServer() {
  buildSync({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(root, 'dist/server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages load from node_modules as they are; only our own code is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) {
  buildWeb();
  buildServer();
}
