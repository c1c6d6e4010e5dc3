import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

/**
 * `npm start`: builds the SPA when its sources changed, then runs the server in this very
 * process (so a signal sent to it reaches the server and its embedded PostgreSQL directly).
 */
ensureWebBuild();
register();
await import('../src/server/main.ts');
