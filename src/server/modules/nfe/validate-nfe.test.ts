import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateNfe, validateNfeProc } from './validate-nfe.js';

const sample = (name: string) =>
  readFileSync(new URL(`./testing/samples/${name}`, import.meta.url), 'utf8');

describe('NF-e schema validation (PL_010d)', () => {
  it.each(['signed-crt1-layout4.xml', 'signed-crt1-icmssn102.xml', 'signed-crt3-ibscbs.xml'])(
    'accepts the signed sample %s',
    (name) => {
      expect(validateNfe(sample(name))).toEqual({ valid: true, errors: [] });
    },
  );

  it("refuses an unsigned NF-e with the schema's message", () => {
    const result = validateNfe(sample('unsigned-invalid.xml'));
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      expect.stringContaining('Missing child element(s). Expected is one of'),
    ]);
    expect(result.errors[0]).toContain('{http://www.w3.org/2000/09/xmldsig#}Signature');
  });

  it('names the element and the broken rule when a value is out of the layout', () => {
    const xml = sample('signed-crt3-ibscbs.xml').replace(/<mod>55<\/mod>/, '<mod>99</mod>');
    const result = validateNfe(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/mod.*99/);
  });

  it('answers a parse error for text that is not XML', () => {
    const result = validateNfe('<NFe><infNFe></NFe>');
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('validates an nfeProc against procNFe_v4.00.xsd, and not as a bare NF-e', () => {
    const proc = sample('nfeproc-crt1-layout4.xml');
    expect(validateNfeProc(proc)).toEqual({ valid: true, errors: [] });
    expect(validateNfe(proc).valid).toBe(false);
  });
});
