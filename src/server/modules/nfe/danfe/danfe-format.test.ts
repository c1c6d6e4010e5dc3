import { describe, expect, it } from 'vitest';
import * as f from './danfe-format.js';

describe('the DANFE’s formats', () => {
  it('writes numbers, dates and documents the Brazilian way', () => {
    expect(f.money('1234.5')).toBe('1.234,50');
    expect(f.money('')).toBe('');
    expect(f.decimal('0.8425')).toBe('0,8425');
    expect(f.decimal('18.90')).toBe('18,90');
    expect(f.decimal('250.0000', 4)).toBe('250,0000');
    expect(f.date('2026-11-26T09:30:00-03:00')).toBe('26/11/2026');
    expect(f.time('2026-11-26T09:30:00-03:00')).toBe('09:30:00');
    expect(f.document('11222333000181')).toBe('11.222.333/0001-81');
    expect(f.document('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(f.document('12345678909')).toBe('123.456.789-09');
    expect(f.zipCode('13054750')).toBe('13054-750');
    expect(f.phone('1934567890')).toBe('(19) 3456-7890');
    expect(f.invoiceNumber(42)).toBe('000.000.042');
    expect(f.seriesNumber(1)).toBe('001');
    expect(f.freightMode('0')).toBe('0-Por conta do Emitente');
    expect(f.freightMode('9')).toBe('9-Sem Ocorrência de Transporte');
  });
});
