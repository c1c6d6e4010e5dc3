import { describe, expect, it } from 'vitest';
import { codeRank, foldText, matchesSearch, rankByCode } from './code-name-ranking.js';

const units = [
  { code: 'CM', description: 'Centímetro' },
  { code: 'KG', description: 'Quilograma' },
  { code: 'M2', description: 'Metro quadrado' },
  { code: 'M', description: 'Metro' },
  { code: 'MM', description: 'Milímetro' },
];
const codes = (rows: { code: string }[]) => rows.map((row) => row.code);

describe('code-and-name ranking', () => {
  it('puts the exact code first, then code prefixes, then the rest in their order', () => {
    expect(codes(rankByCode(units, (row) => row.code, 'M'))).toEqual(['M', 'M2', 'MM', 'CM', 'KG']);
  });

  it('ignores case and accents', () => {
    expect(codeRank('Água', 'agua')).toBe(0);
    expect(codeRank('ÁGUA MINERAL', 'água')).toBe(1);
    expect(codeRank('m', ' M ')).toBe(0);
    expect(foldText('Ação Útil')).toBe('acao util');
    expect(matchesSearch(['KG', 'Quilograma'], 'GRAMA')).toBe(true);
    expect(matchesSearch(['KG', null], 'metro')).toBe(false);
  });

  it('keeps the order when nothing is typed', () => {
    expect(codes(rankByCode(units, (row) => row.code, ''))).toEqual(codes(units));
  });

  it('ranks a name-only picker by its name', () => {
    const locations = ['Depósito Central', 'Almoxarifado', 'Depósito'];
    expect(rankByCode(locations, (name) => name, 'deposito')).toEqual([
      'Depósito',
      'Depósito Central',
      'Almoxarifado',
    ]);
  });
});
