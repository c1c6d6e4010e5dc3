import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.js';

describe('project root', () => {
  it('is the folder of package.json, where the files shipped beside the code are', () => {
    expect(existsSync(path.join(projectRoot, 'package.json'))).toBe(true);
    for (const shipped of [
      'src/server/modules/nfe/schemas/PL_010d/nfe_v4.00.xsd',
      'src/server/modules/nfe/schemas/PROVENANCE.txt',
      'src/server/data/ibge/municipios-ibge.csv',
      'src/server/data/ibge/estados-ibge.csv',
      'src/server/data/ibge/PROVENANCE.txt',
    ]) {
      expect(existsSync(path.join(projectRoot, shipped)), shipped).toBe(true);
    }
  });
});
