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
  };
}

function logFormat(value = 'line'): LogFormat {
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new OperatorError(`LOG_FORMAT deve ser "line" ou "json", não "${value}".`);
}
