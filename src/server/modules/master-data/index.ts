/**
 * What the server's entry points and other modules use of master data: its routes, whether any
 * client exists (the dashboard's first steps), and the one check of the records a document names
 * (`checkReferences`, `referenceErrors`).
 */
export { masterDataRoutes } from './master-data.routes.js';
export { hasClients } from './has-clients.js';
export {
  checkReferences,
  referenceErrors,
  type MoneyDirection,
  type References,
} from './check-references.js';
export { accountBalance } from './lookups.config.js';
