import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder, where the files that ship beside the code live (NF-e schemas,
 * IBGE tables). This file sits two folders below the root both as src/server/project-root.ts
 * (tsx, vitest) and once bundled into dist/server/main.js (`npm start`), so one relative URL
 * serves both and nothing needs copying into dist.
 */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
