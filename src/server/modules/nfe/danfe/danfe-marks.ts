import { PAGE_HEIGHT, PAGE_WIDTH } from './danfe-layout.js';

/**
 * What the DANFE says of the document beyond its XML: the environment, where it stands with
 * SEFAZ, whether it was cancelled, and the authorization protocol when there is one.
 */
export interface DanfeMarks {
  environment: 'HOMOLOGATION' | 'PRODUCTION';
  sefazStatus: 'NOT_SENT' | 'SENDING' | 'PENDING' | 'AUTHORIZED' | 'REJECTED' | 'DENIED';
  cancelled: boolean;
  protocol?: { number: string; receivedAt: string };
}

/** The mark of a document SEFAZ has not authorized; none once authorized. */
const statusMarks: Record<DanfeMarks['sefazStatus'], string | null> = {
  NOT_SENT: 'NÃO TRANSMITIDA',
  SENDING: 'AGUARDANDO SEFAZ',
  PENDING: 'AGUARDANDO SEFAZ',
  REJECTED: 'REJEITADA',
  DENIED: 'DENEGADA',
  AUTHORIZED: null,
};

/** The protocol box's text when there is no authorization protocol to print. */
const noProtocol: Record<DanfeMarks['sefazStatus'], string> = {
  NOT_SENT: 'NF-e não transmitida à SEFAZ: sem protocolo',
  SENDING: 'Aguardando a autorização da SEFAZ',
  PENDING: 'Aguardando a autorização da SEFAZ',
  REJECTED: 'Rejeitada pela SEFAZ: sem autorização de uso',
  DENIED: 'Uso denegado pela SEFAZ',
  AUTHORIZED: 'Autorizada: protocolo não informado',
};

export function protocolText(
  marks: DanfeMarks,
  protocol: { number: string; receivedAt: string } | null,
  format: (receivedAt: string) => string,
): string {
  if (!protocol || (marks.sefazStatus !== 'AUTHORIZED' && marks.sefazStatus !== 'DENIED')) {
    return noProtocol[marks.sefazStatus];
  }
  return `${protocol.number} - ${format(protocol.receivedAt)}`;
}

/**
 * The marks over the page, drawn last: "SEM VALOR FISCAL" across it in homologation, the SEFAZ
 * status while not authorized, "CANCELADA" when cancelled.
 */
export function drawMarks(doc: PDFKit.PDFDocument, marks: DanfeMarks): void {
  const centerY = PAGE_HEIGHT / 2;
  if (marks.environment === 'HOMOLOGATION') {
    stamp(doc, 'SEM VALOR FISCAL', centerY, 54, '#888888', 0.25, -25);
  }
  const texts = [statusMarks[marks.sefazStatus], marks.cancelled ? 'CANCELADA' : null];
  texts
    .filter((text): text is string => text !== null)
    .forEach((text, index) => {
      // Over the items' table, below the blocks whose values must stay readable.
      stamp(doc, text, PAGE_HEIGHT * 0.7 + index * 70, 36, '#cc0000', 0.45, -8, true);
    });
}

function stamp(
  doc: PDFKit.PDFDocument,
  text: string,
  centerY: number,
  size: number,
  color: string,
  opacity: number,
  angle: number,
  framed = false,
): void {
  doc.save();
  doc.font('Helvetica-Bold').fontSize(size);
  const width = doc.widthOfString(text);
  const height = size * 0.75;
  const x = (PAGE_WIDTH - width) / 2;
  const y = centerY - height / 2;
  doc.rotate(angle, { origin: [PAGE_WIDTH / 2, centerY] });
  doc.fillColor(color).fillOpacity(opacity);
  doc.text(text, x, y, { lineBreak: false });
  if (framed) {
    doc
      .strokeColor(color)
      .strokeOpacity(opacity)
      .lineWidth(3)
      .rect(x - 12, y - 10, width + 24, height + 18)
      .stroke();
  }
  doc.restore();
}
