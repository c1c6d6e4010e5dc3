import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAccessKey } from '../../../../shared/nfe/access-key.js';
import { buildNfeXml, HOMOLOGATION_RECIPIENT_NAME } from '../build-nfe-xml.js';
import { readA1Certificate } from '../certificate.js';
import type { NfeDocument } from '../nfe-document.js';
import { signNfe } from '../sign-nfe.js';
import { crt1Sale, crt3Sale } from '../testing/sample-documents.js';
import { makePfx, makeTestCertificate } from '../testing/test-certificate.js';
import { DanfeXmlError, renderDanfe, type DanfeMarks } from './render-danfe.js';

/** The PDF read back by poppler: its page count and each page's text (-raw: drawing order). */
const dir = mkdtempSync(join(tmpdir(), 'danfe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function readPdf(pdf: Buffer) {
  const file = join(dir, `${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  const page = (n: number) =>
    execFileSync('pdftotext', ['-raw', '-f', String(n), '-l', String(n), file, '-'], {
      encoding: 'utf8',
    });
  const texts = Array.from({ length: pages }, (_, index) => page(index + 1));
  return { pages, texts, text: texts.join('\n'), lines: texts.join('\n').split('\n') };
}

const key = readA1Certificate(makePfx(makeTestCertificate(), 'senha'), 'senha');
function issue(doc: NfeDocument) {
  const built = buildNfeXml(doc);
  return { accessKey: built.accessKey, xml: signNfe(built.xml, key) };
}
const notSent: DanfeMarks = {
  environment: 'HOMOLOGATION',
  sefazStatus: 'NOT_SENT',
  cancelled: false,
};

describe('rendering the DANFE', () => {
  it('says an NF-e was issued in contingency, with its dhCont and reason', async () => {
    const { xml } = issue({
      ...crt1Sale,
      emissionType: 7,
      contingency: {
        since: new Date('2026-11-26T11:05:00Z'),
        reason: 'SEFAZ-PR fora do ar desde cedo',
      },
    });
    const { text } = readPdf(await renderDanfe(xml, notSent));
    expect(text).toContain('EMITIDA EM CONTINGÊNCIA SVC-RS');
    expect(text).toContain('26/11/2026 08:05:00');
    expect(text).toContain('SEFAZ-PR fora do ar desde cedo');
    expect(text).toContain('DOCUMENTO EMITIDO POR ME OU EPP');
    const normal = readPdf(await renderDanfe(issue(crt1Sale).xml, notSent)).text;
    expect(normal).not.toContain('CONTINGÊNCIA');
  });

  it('prints a CRT 1 invoice in homologation, not yet sent, on one page', async () => {
    const { accessKey, xml } = issue(crt1Sale);
    const pdf = await renderDanfe(xml, notSent);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text, lines } = readPdf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(formatAccessKey(accessKey));
    expect(formatAccessKey(accessKey).split(' ')).toHaveLength(11);
    expect(text).toContain(HOMOLOGATION_RECIPIENT_NAME);
    for (const description of [
      'Parafuso sextavado M8 x 40 - zincado',
      'Porca sextavada M8',
      'Arruela lisa 8 mm',
    ]) {
      expect(text).toContain(description);
    }
    expect(text).toContain('DANFE');
    expect(text).toContain('Nº 000.001.532');
    expect(text).toContain('SÉRIE 001');
    expect(text).toContain('FOLHA 1/1');
    expect(text).toContain('12.ABC.345/01DE-35');
    expect(text).toContain('0-Por conta do Emitente');
    expect(text).toContain('26/12/2026');
    expect(text).toContain('337,74');
    expect(text).toContain('0,8425');
    expect(text).toContain('0102');
    expect(text).toContain('DOCUMENTO EMITIDO POR ME OU EPP');
    expect(text).toContain('NF-e não transmitida à SEFAZ: sem protocolo');
    // The watermark is a line of its own (the recipient's name also says "SEM VALOR FISCAL").
    expect(lines).toContain('SEM VALOR FISCAL');
    expect(lines).toContain('NÃO TRANSMITIDA');
    expect(text).not.toContain('CANCELADA');
  });

  it('prints an authorized, cancelled CRT 3 invoice in production with its protocol and IBS/CBS', async () => {
    const { accessKey, xml } = issue({ ...crt3Sale, environment: 'PRODUCTION' });
    const { pages, text, lines } = readPdf(
      await renderDanfe(xml, {
        environment: 'PRODUCTION',
        sefazStatus: 'AUTHORIZED',
        cancelled: true,
        protocol: { number: '135260000012345', receivedAt: '2026-11-26T09:31:12-03:00' },
      }),
    );
    expect(pages).toBe(1);
    expect(text).toContain(formatAccessKey(accessKey));
    expect(text).toContain('Montadora Paranaense de Máquinas Ltda');
    for (const n of [1, 2, 3]) expect(text).toContain(`Componente usinado ${n}`);
    expect(text).toContain('135260000012345 - 26/11/2026 09:31:12');
    expect(lines).toContain('CANCELADA');
    expect(lines).not.toContain('SEM VALOR FISCAL');
    expect(text).not.toContain('NÃO TRANSMITIDA');
    expect(text).toContain('1-Por conta do Destinatário');
    expect(text).toContain('Transportadora Rápida Ltda');
    expect(text).toContain('V. TOTAL DA NF (IBS/CBS)');
    expect(text).toContain('3.038,47');
    expect(text).toContain('13,50');
  });

  it.each([
    ['PENDING', 'AGUARDANDO SEFAZ'],
    ['REJECTED', 'REJEITADA'],
    ['DENIED', 'DENEGADA'],
  ] as const)('marks a %s invoice "%s"', async (sefazStatus, mark) => {
    const { xml } = issue(crt1Sale);
    const { lines } = readPdf(await renderDanfe(xml, { ...notSent, sefazStatus }));
    expect(lines).toContain(mark);
    expect(lines).not.toContain('NÃO TRANSMITIDA');
  });

  it('continues 60 items on further pages that repeat the identification block', async () => {
    const items = Array.from({ length: 60 }, (_, index) => ({
      ...crt1Sale.items[1]!,
      code: `P-${index + 1}`,
      description: `Item da lista número ${index + 1}`,
    }));
    const { accessKey, xml } = issue({
      ...crt1Sale,
      items,
      payment: { method: '01', installments: [] },
    });
    const { pages, texts, text } = readPdf(await renderDanfe(xml, notSent));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(texts[0]).toContain(`FOLHA 1/${pages}`);
    expect(texts[1]).toContain(`FOLHA 2/${pages}`);
    expect(texts[1]).toContain(formatAccessKey(accessKey));
    expect(texts[1]).toContain('DADOS DOS PRODUTOS / SERVIÇOS');
    // The canhoto and the blocks of page 1 are not repeated.
    expect(texts[1]).not.toContain('RECEBEMOS DE');
    expect(texts[1]).not.toContain('CÁLCULO DO IMPOSTO');
    // Every item once, each with its own code ("número 1 " is not "número 10").
    for (const item of items) expect(text).toContain(`${item.code} ${item.description} 7318`);
    for (const page of texts) expect(page.split('\n')).toContain('SEM VALOR FISCAL');
  });

  it('prints an nfeProc’s own protocol when the marks bring none', async () => {
    const xml = readFileSync(
      new URL('../testing/samples/nfeproc-crt1-layout4.xml', import.meta.url),
      'utf8',
    );
    const { text } = readPdf(
      await renderDanfe(xml, {
        environment: 'HOMOLOGATION',
        sefazStatus: 'AUTHORIZED',
        cancelled: false,
      }),
    );
    expect(text).toContain('143180006932433 - 25/09/2018 16:21:05');
    expect(text).toContain('9-Sem Ocorrência de Transporte');
    expect(text).toContain('UM PRODUTO TESTE QUALQUER');
  });

  it('refuses an XML that is not an NF-e', async () => {
    await expect(renderDanfe('<nota/>', notSent)).rejects.toThrow(DanfeXmlError);
  });
});
