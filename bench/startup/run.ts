/**
 * Start-up benchmark: time from `npm start` to the first 200 from /api/v1/health, on a new data
 * directory (initdb, migrations, administrator) and on an existing one, and the server's resident
 * memory once started. Usage: npm run bench:startup [-- runs]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 5);
const port = 3900;

interface Sample {
  ms: number;
  serverRssMb: number;
  postgresRssMb: number;
}

async function startOnce(dataDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      FABRIL_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.status === 200) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 120_000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  const serverRssMb = rssOfProcessesMatching((cmd) => cmd.includes('scripts/start.mjs'));
  const postgresRssMb = rssOfProcessesMatching((cmd) => cmd.includes(`${dataDir}/pg`));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  // Let PostgreSQL finish its shutdown before the next start.
  while (fs.existsSync(path.join(dataDir, 'pg/postmaster.pid')))
    await new Promise((r) => setTimeout(r, 20));
  return { ms, serverRssMb, postgresRssMb };
}

/** Sum of VmRSS of the processes whose command line matches (PostgreSQL is several processes). */
function rssOfProcessesMatching(match: (cmdline: string) => boolean): number {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!match(cmdline)) continue;
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(kb / 1024);
}

function summary(label: string, samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  const last = samples.at(-1)!;
  console.log(
    `${label.padEnd(24)} median ${(median / 1000).toFixed(2)} s  min ${(ms[0]! / 1000).toFixed(2)} s  ` +
      `max ${(ms.at(-1)! / 1000).toFixed(2)} s  server RSS ${last.serverRssMb} MB  PostgreSQL RSS ${last.postgresRssMb} MB`,
  );
}

async function main() {
  // Build first, so that the timings are of starting, not of building the SPA.
  const warm = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-bench-'));
  fs.chmodSync(warm, 0o755);
  await startOnce(warm);

  const fresh: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-bench-'));
    fs.chmodSync(dir, 0o755);
    fresh.push(await startOnce(dir));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const existing: Sample[] = [];
  for (let i = 0; i < runs; i++) existing.push(await startOnce(warm));
  fs.rmSync(warm, { recursive: true, force: true });

  console.log(`npm start → 200 from /api/v1/health, ${runs} runs each, ${os.cpus().length} cores`);
  summary('new data directory', fresh);
  summary('existing data directory', existing);
}

await main();
