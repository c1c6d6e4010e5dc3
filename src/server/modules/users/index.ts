/**
 * What other modules and the server's entry points use of users: the only way they change a
 * user. Everything here but the routes plugin works in the caller's transaction (or connection)
 * and never opens one.
 */
export { usersRoutes } from './users.routes.js';
export {
  activeAdministratorEmails,
  findCredentialsByEmail,
  findPasswordHash,
  setLastLoginAt,
} from './users.repo.js';
export { ensureFirstAdministrator, renameUser, setPassword } from './users.service.js';
