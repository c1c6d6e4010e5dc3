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
  };
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
