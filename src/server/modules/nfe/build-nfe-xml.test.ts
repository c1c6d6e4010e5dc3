import { DOMParser } from '@xmldom/xmldom';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isValidAccessKey, parseAccessKey } from '../../../shared/nfe/access-key.js';
import { buildNfeXml, HOMOLOGATION_RECIPIENT_NAME } from './build-nfe-xml.js';
import { readA1Certificate } from './certificate.js';
import type { NfeDocument } from './nfe-document.js';
import { signNfe, verifyNfeSignature } from './sign-nfe.js';
import { checkSignatureIndependently } from './testing/independent-signature-check.js';
import { crt1Sale, crt3Sale } from './testing/sample-documents.js';
import { makePfx, makeTestCertificate } from './testing/test-certificate.js';
import { validateNfe } from './validate-nfe.js';

const key = readA1Certificate(makePfx(makeTestCertificate(), 'senha'), 'senha');

/** The text of every element of that name, in document order. */
function values(xml: string, name: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return Array.from(doc.getElementsByTagName(name)).map((node) => node.textContent ?? '');
}
const one = (xml: string, name: string) => values(xml, name)[0];
const sum = (list: string[]) => list.reduce((acc, v) => acc.plus(v), new Decimal(0)).toFixed(2);

function issue(doc: NfeDocument) {
  const built = buildNfeXml(doc);
  const signed = signNfe(built.xml, key);
  return { ...built, signed };
}

describe('building the NF-e XML', () => {
  it.each([
    ['CRT 1', crt1Sale],
    ['CRT 3', crt3Sale],
  ])('a %s invoice with several items builds, signs, validates and verifies', (_crt, doc) => {
    const { signed } = issue(doc);
    expect(validateNfe(signed)).toEqual({ valid: true, errors: [] });
    expect(verifyNfeSignature(signed, key.certificatePem)).toBe(true);
    expect(checkSignatureIndependently(signed, key.certificatePem)).toBe('ok');
    expect(signed).not.toMatch(/>\s+</);
  });

  it('makes the key from the same fields the ide carries', () => {
    const { xml, accessKey } = buildNfeXml(crt1Sale);
    expect(isValidAccessKey(accessKey)).toBe(true);
    expect(xml).toContain(`<infNFe versao="4.00" Id="NFe${accessKey}">`);
    expect(parseAccessKey(accessKey)).toEqual({
      ufCode: '35',
      yearMonth: '2611',
      issuerDocument: '12ABC34501DE35',
      model: '55',
      series: 1,
      number: 1532,
      emissionType: 1,
      randomCode: '40917263',
      checkDigit: Number(accessKey[43]),
    });
    expect(one(xml, 'cDV')).toBe(accessKey[43]);
    // 12:30 UTC is 09:30 in São Paulo.
    expect(one(xml, 'dhEmi')).toBe('2026-11-26T09:30:00-03:00');
  });

  it.each([
    [6, 'SVC-AN'],
    [7, 'SVC-RS'],
  ] as const)(
    'keys a contingency NF-e tpEmis %s (%s) with dhCont and xJust, and it validates',
    (emissionType, _svc) => {
      const normal = buildNfeXml(crt1Sale);
      const doc: NfeDocument = {
        ...crt1Sale,
        emissionType,
        // 11:05 UTC is 08:05 in São Paulo, before dhEmi (09:30).
        contingency: {
          since: new Date('2026-11-26T11:05:00Z'),
          reason: 'SEFAZ-SP fora do ar – sem previsão',
        },
      };
      const { xml, accessKey, signed } = issue(doc);
      expect(validateNfe(signed)).toEqual({ valid: true, errors: [] });
      expect(isValidAccessKey(accessKey)).toBe(true);
      expect(parseAccessKey(accessKey)).toMatchObject({ emissionType, number: 1532 });
      // Only tpEmis and the check digit change: the same number, cNF and everything else.
      expect(accessKey.slice(0, 34)).toBe(normal.accessKey.slice(0, 34));
      expect(accessKey.slice(35, 43)).toBe(normal.accessKey.slice(35, 43));
      expect(accessKey).not.toBe(normal.accessKey);
      expect(one(xml, 'tpEmis')).toBe(String(emissionType));
      expect(one(xml, 'cDV')).toBe(accessKey[43]);
      expect(one(xml, 'dhCont')).toBe('2026-11-26T08:05:00-03:00');
      // The schema's alphabet: the en dash becomes a hyphen.
      expect(one(xml, 'xJust')).toBe('SEFAZ-SP fora do ar - sem previsão');
      // Schema order: dhCont and xJust right after verProc.
      expect(xml).toMatch(/<\/verProc><dhCont>[^<]+<\/dhCont><xJust>[^<]+<\/xJust><\/ide>/);
    },
  );

  it('writes no dhCont/xJust in normal issue, and refuses tpEmis and contingency apart', () => {
    expect(buildNfeXml(crt1Sale).xml).not.toContain('<dhCont>');
    expect(() => buildNfeXml({ ...crt1Sale, emissionType: 6 })).toThrow(/tpEmis 6 without/);
    expect(() =>
      buildNfeXml({
        ...crt1Sale,
        contingency: { since: new Date(), reason: 'SEFAZ fora do ar desde cedo' },
      }),
    ).toThrow(/tpEmis 1 with/);
  });

  it('leaves a contingency reason out of 15–256 characters to the schema check', () => {
    const { signed } = issue({
      ...crt1Sale,
      emissionType: 6,
      contingency: { since: new Date('2026-11-26T11:05:00Z'), reason: 'curta' },
    });
    const result = validateNfe(signed);
    expect(result.valid).toBe(false);
    expect(result.errors.join(' ')).toMatch(/xJust/);
  });

  it('takes AAMM and dhEmi from the issuer’s local time at the turn of a month', () => {
    const { accessKey, xml } = buildNfeXml({
      ...crt1Sale,
      issuedAt: new Date('2026-12-01T02:00:00Z'),
    });
    expect(one(xml, 'dhEmi')).toBe('2026-11-30T23:00:00-03:00');
    expect(accessKey.slice(2, 6)).toBe('2611');
  });

  it('names the recipient as SEFAZ requires in homologation, and by its name in production', () => {
    expect(one(buildNfeXml(crt1Sale).xml, 'xNome')).toBe('Metalúrgica Fabril Ltda');
    expect(values(buildNfeXml(crt1Sale).xml, 'xNome')[1]).toBe(HOMOLOGATION_RECIPIENT_NAME);
    const production = buildNfeXml({ ...crt1Sale, environment: 'PRODUCTION' }).xml;
    expect(values(production, 'xNome')[1]).toBe('Comércio de Ferragens Silva & Filhos Ltda');
    expect(production).toContain('<xNome>Comércio de Ferragens Silva &amp; Filhos Ltda</xNome>');
    expect(one(production, 'tpAmb')).toBe('1');
  });

  it('writes CRT 1 items as ICMSSN101/102 with PIS and COFINS CST 49 at zero, and the Simples texts', () => {
    const { xml, totals } = buildNfeXml(crt1Sale);
    expect(values(xml, 'CSOSN')).toEqual(['101', '102', '102']);
    expect(values(xml, 'pCredSN')).toEqual(['1.8600']);
    expect(xml).toContain(
      '<PIS><PISOutr><CST>49</CST><vBC>0.00</vBC><pPIS>0.0000</pPIS><vPIS>0.00</vPIS></PISOutr></PIS>',
    );
    expect(xml).toContain(
      '<COFINS><COFINSOutr><CST>49</CST><vBC>0.00</vBC><pCOFINS>0.0000</pCOFINS><vCOFINS>0.00</vCOFINS></COFINSOutr></COFINS>',
    );
    expect(xml).not.toContain('IBSCBS');
    expect(xml).not.toContain('vItem');
    expect(xml).not.toContain('vNFTot');
    const infCpl = one(xml, 'infCpl')!;
    expect(infCpl).toMatch(/^DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL\./);
    expect(infCpl).toContain(
      'CREDITO DE ICMS NO VALOR DE R$ 3,72, CORRESPONDENTE A ALIQUOTA DE 1,86%',
    );
    // The invoice's own text, on one line, its dash made ASCII.
    expect(infCpl).toMatch(
      /Pedido 4471 - entrega em horário comercial\. Obrigado pela preferência!$/,
    );
    // vNF = products − discount + freight; the two bills add up to it.
    expect(totals.invoice.toFixed(2)).toBe('337.74');
    expect(one(xml, 'vNF')).toBe('337.74');
    expect(values(xml, 'nDup')).toEqual(['001', '002']);
    expect(one(xml, 'vLiq')).toBe('337.74');
    expect(one(xml, 'tPag')).toBe('15');
    expect(one(xml, 'vPag')).toBe('337.74');
  });

  it('writes CRT 3 items as ICMS00, PISAliq/COFINSAliq and IBSCBS, with IBSCBSTot, vItem and vNFTot', () => {
    const { xml } = buildNfeXml(crt3Sale);
    expect(values(xml, 'CST').slice(0, 5)).toEqual(['00', '01', '01', '000', '00']);
    expect(values(xml, 'pIBSUF')).toEqual(['0.1000', '0.1000', '0.1000']);
    expect(values(xml, 'pCBS')).toEqual(['0.9000', '0.9000', '0.9000']);
    expect(values(xml, 'cClassTrib')).toEqual(['000001', '000001', '000001']);
    // Each total is the sum of its items.
    const vProd = values(xml, 'vProd');
    expect(vProd.at(-1)).toBe(sum(vProd.slice(0, -1)));
    const vICMS = values(xml, 'vICMS');
    expect(vICMS.at(-1)).toBe(sum(vICMS.slice(0, -1)));
    expect(one(xml, 'vIPI')).toBe('13.50');
    expect(values(xml, 'vIPI').at(-1)).toBe('13.50');
    const vCBS = values(xml, 'vCBS');
    expect(vCBS.at(-1)).toBe(sum(vCBS.slice(0, -1)));
    // 2026: IBS/CBS are shown but not added; vItem = vProd + IPI; vNFTot = Σ vItem = vNF.
    expect(values(xml, 'vItem')).toEqual(['1255.00', '283.47', '1500.00']);
    expect(one(xml, 'vNFTot')).toBe('3038.47');
    expect(one(xml, 'vNF')).toBe('3038.47');
    expect(one(xml, 'idDest')).toBe('2');
    expect(values(xml, 'CNPJ')[1]).toBe('45723174000110');
    expect(values(xml, 'IE')[1]).toBe('9023320706');
    expect(xml).toContain('<transp><modFrete>1</modFrete><transporta><CNPJ>22333444000181</CNPJ>');
    expect(xml).not.toContain('<cobr>');
    expect(xml).not.toContain('<infAdic>');
  });

  it('from 2027 adds IBS and CBS to vItem and vNFTot, not to vNF', () => {
    const { xml } = buildNfeXml({ ...crt3Sale, issuedAt: new Date('2027-02-01T12:00:00Z') });
    const first = new Decimal(values(xml, 'vProd')[0]!)
      .plus(values(xml, 'vIBS')[0]!)
      .plus(values(xml, 'vCBS')[0]!);
    expect(values(xml, 'vItem')[0]).toBe(first.toFixed(2));
    expect(values(xml, 'vItem')[0]).toBe('1267.56');
    expect(one(xml, 'vNF')).toBe('3038.47');
    expect(Number(one(xml, 'vNFTot'))).toBeGreaterThan(3038.47);
  });

  it('writes a return with its referenced keys and no payment', () => {
    const referenced = buildNfeXml(crt3Sale).accessKey;
    const { xml, signed } = issue({
      ...crt1Sale,
      purpose: 'RETURN',
      operationName: 'Devolução de compra',
      referencedKeys: [referenced],
    });
    expect(xml).toContain(`<NFref><refNFe>${referenced}</refNFe></NFref></ide>`);
    expect(one(xml, 'finNFe')).toBe('4');
    expect(xml).toContain('<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>');
    expect(xml).not.toContain('<cobr>');
    expect(validateNfe(signed).valid).toBe(true);
    const wrongDigit = referenced.slice(0, 43) + String((Number(referenced[43]) + 1) % 10);
    expect(() =>
      buildNfeXml({ ...crt1Sale, purpose: 'RETURN', referencedKeys: [wrongDigit] }),
    ).toThrow(/referenced key/);
  });

  it('refuses bills that do not add up to the invoice, and values with more decimals than the layout', () => {
    expect(() =>
      buildNfeXml({
        ...crt1Sale,
        payment: { method: '15', installments: [{ dueDate: '2026-12-26', amount: '300.00' }] },
      }),
    ).toThrow(/installments add up to 300/);
    const [first, ...rest] = crt1Sale.items;
    expect(() =>
      buildNfeXml({ ...crt1Sale, items: [{ ...first!, grossTotal: '210.625' }, ...rest] }),
    ).toThrow(/more than 2 decimal places/);
  });

  it('leaves a text too long for the layout to the schema check, which names the field', () => {
    const { signed } = issue({
      ...crt1Sale,
      emitter: { ...crt1Sale.emitter, name: 'X'.repeat(61) },
    });
    const result = validateNfe(signed);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/xNome/);
  });
});
