import fs from 'node:fs';
import path from 'node:path';
import { LOG_FORMATS, type LogFormat } from './logging.js';
import { OperatorError } from './operator-error.js';

/** Settings by environment (README "Settings"). Read once at start-up. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  logFormat: LogFormat;
  sessionHours: number;
  trustProxy: boolean | string;
  apiDocsPublic: boolean;
  /** FABRIL_CERTIFICATE_KEY: the A1 certificate's sealing key (certificate-key.ts). */
  certificateKey: string | undefined;
  /** NFE_SEFAZ_URL: every SEFAZ service at `<url>/<ServiceName>` (tests, a private proxy). */
  nfeSefazUrl: string | undefined;
  /** NFE_CA_FILE: a PEM file of authorities trusted for SEFAZ besides the shipped ones. */
  nfeCaFile: string | undefined;
  /** NFE_TIMEOUT_S: how long one SEFAZ request may take, in seconds. */
  nfeTimeoutSeconds: number;
  /**
   * FABRIL_DEMO_DAYS: how many days the demo company lives before today (default 365). For the
   * browser tests, which need a short year quickly; not for people.
   */
  demoDays: number | undefined;
  /**
   * FABRIL_LIST_COUNT_REUSE=0: a searched list's total is counted at every request instead of
   * reused while the table has not changed (platform/list-counts.ts). For `bench:lists`, which
   * measures what a search costs without the reuse; not for people.
   */
  listCountReuse: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.FABRIL_DATA_DIR ?? './data'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    sessionHours: sessionHours(env.SESSION_HOURS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    apiDocsPublic: env.API_DOCS_PUBLIC === '1' || env.API_DOCS_PUBLIC === 'true',
    certificateKey: env.FABRIL_CERTIFICATE_KEY || undefined,
    nfeSefazUrl: nfeSefazUrl(env.NFE_SEFAZ_URL),
    nfeCaFile: env.NFE_CA_FILE ? path.resolve(env.NFE_CA_FILE) : undefined,
    nfeTimeoutSeconds: nfeTimeoutSeconds(env.NFE_TIMEOUT_S),
    demoDays: demoDays(env.FABRIL_DEMO_DAYS),
    listCountReuse: env.FABRIL_LIST_COUNT_REUSE !== '0',
  };
}

function demoDays(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const days = Number(value);
  if (Number.isInteger(days) && days >= 14 && days <= 365) return days;
  throw new OperatorError(
    `FABRIL_DEMO_DAYS deve ser um número inteiro de 14 a 365, não "${value}".`,
  );
}

/** HTTPS only: the client certificate and the server's verification are not optional. */
function nfeSefazUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol === 'https:') return value;
  throw new OperatorError(`NFE_SEFAZ_URL deve ser um endereço https://, não "${value}".`);
}

function nfeTimeoutSeconds(value = '30'): number {
  const seconds = Number(value);
  if (Number.isInteger(seconds) && seconds >= 1 && seconds <= 300) return seconds;
  throw new OperatorError(`NFE_TIMEOUT_S deve ser um número inteiro de 1 a 300, não "${value}".`);
}

/** NFE_CA_FILE's certificates, read at start-up: a wrong path stops the server with the reason. */
export function readNfeCaFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new OperatorError(`NFE_CA_FILE: não foi possível ler "${file}".`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new OperatorError(`NFE_CA_FILE: "${file}" não contém certificados PEM.`);
  }
  return text;
}

function sessionHours(value = '12'): number {
  const hours = Number(value);
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 * 30) return hours;
  throw new OperatorError(`SESSION_HOURS deve ser um número inteiro de 1 a 720, não "${value}".`);
}

/**
 * TRUST_PROXY: unset = no proxy (the connection's address is the client's); `true` = believe the
 * X-Forwarded-* headers of whoever connects (only when nothing but the proxy can reach the port);
 * otherwise the proxies' addresses or networks, comma-separated (`10.0.0.1`, `10.0.0.0/8`).
 */
function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

function logFormat(value = 'line'): LogFormat {
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new OperatorError(`LOG_FORMAT deve ser "line" ou "json", não "${value}".`);
}
