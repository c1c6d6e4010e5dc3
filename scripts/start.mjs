import { buildServer, ensureWebBuild } from './build.mjs';

/**
 * `npm start`: builds the SPA when its sources changed and the server bundle, then runs the
 * server in this very process (so a signal sent to it reaches the server and its embedded
 * PostgreSQL directly).
 */
ensureWebBuild();
buildServer();
// Stack traces in the logs point at src/server/*.ts, not at the bundle.
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
