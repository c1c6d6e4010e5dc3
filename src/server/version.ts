import { readFileSync } from 'node:fs';

/** The version in package.json, reported by /health. */
export const APP_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
