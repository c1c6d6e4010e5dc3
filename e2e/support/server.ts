import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/db/free-port.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
}

/**
 * Starts the real server as `npm start` does (scripts/start.mjs), on a port of its own, and
 * waits until /api/v1/health answers 200. The browser tests and the list benchmark run on it.
 */
export async function startServer(
  env: Record<string, string>,
  /** Arguments after `npm start --`, e.g. `--demo`. */
  args: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return { url, process: child, output: () => output };
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

export async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabril-e2e-'));
  // The embedded PostgreSQL runs as the postgres user when we are root; it must reach the dir.
  await fs.chmod(dir, 0o755);
  return dir;
}
