import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import { accountEntriesRoutes } from './account-entries.routes.js';
import { cashFlowRoutes } from './cash-flow.routes.js';
import { incomeStatementRoutes } from './income-statement.routes.js';

/**
 * The checking accounts' ledger and what is read from it: the Extrato (manual entries,
 * transfers, statement), Fluxo de Caixa and DRE gerencial.
 */
export function ledgerRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(accountEntriesRoutes(db));
    await app.register(cashFlowRoutes(db));
    await app.register(incomeStatementRoutes(db));
  };
}
