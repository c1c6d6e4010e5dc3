import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-reply.js';

describe('contentDisposition', () => {
  it('names a plain file once', () => {
    expect(contentDisposition('attachment', 'ordens-de-compra-2026-11-23.xlsx')).toBe(
      'attachment; filename="ordens-de-compra-2026-11-23.xlsx"',
    );
    expect(contentDisposition('inline', 'OC-000042.pdf')).toBe('inline; filename="OC-000042.pdf"');
  });

  it('keeps an accented name in filename* and an ASCII one in filename', () => {
    expect(contentDisposition('attachment', 'Demonstração 2026.pdf')).toBe(
      `attachment; filename="Demonstracao 2026.pdf"; filename*=UTF-8''Demonstra%C3%A7%C3%A3o%202026.pdf`,
    );
  });

  it('never lets a quote or backslash end the header value', () => {
    expect(contentDisposition('inline', 'a"b\\c.pdf')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});
