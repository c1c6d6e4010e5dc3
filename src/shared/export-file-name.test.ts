import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name.js';
import { todayInSaoPaulo } from './plain-date.js';
import { clients } from './resources/clients.js';

describe('export file names', () => {
  it('names the file after the screen, slugified, and the day', () => {
    expect(exportFileName(clients.label, 'xlsx', '2026-11-23')).toBe('clientes-2026-11-23.xlsx');
    expect(exportFileName('Unidades de Medida', 'csv', '2026-11-23')).toBe(
      'unidades-de-medida-2026-11-23.csv',
    );
    expect(exportFileName('Formas Pagamento/Recebimento', 'xlsx', '2026-01-02')).toBe(
      'formas-pagamento-recebimento-2026-01-02.xlsx',
    );
    expect(exportFileName('Perfis de Usuários', 'xlsx', '2026-01-02')).toBe(
      'perfis-de-usuarios-2026-01-02.xlsx',
    );
    expect(exportFileName(' Ações  (Produção) ', 'csv', '2026-01-02')).toBe(
      'acoes-producao-2026-01-02.csv',
    );
  });

  it('takes the day in São Paulo, not in UTC', () => {
    expect(todayInSaoPaulo(new Date('2025-01-01T02:30:00Z'))).toBe('2024-12-31');
    expect(todayInSaoPaulo(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
    expect(todayInSaoPaulo(new Date('2026-03-09T12:00:00Z'))).toBe('2026-03-09');
  });
});
