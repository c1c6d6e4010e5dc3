import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Db } from '../db/connection.js';
export interface TestApi {
  app: FastifyInstance;
  db: Db;
  /** A request as the SPA sends it: CSRF cookie and header, and the token when given. */
  request: (
    options: InjectOptions & {
      token?: string;
    },
  ) => ReturnType<FastifyInstance['inject']>;
  login: (email?: string, password?: string) => Promise<string>;
  adminToken: () => Promise<string>;
}
/** The app on a fresh copy of the migrated database, for one test file. */
export declare function useTestApi(): TestApi;
