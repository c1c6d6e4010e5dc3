import { describe, expect, it } from 'vitest';
import {
  codeNameSearch,
  codeRank,
  foldText,
  matchesSearch,
  rankByCode,
} from './code-name-ranking.js';

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

describe('codeNameSearch (a Select with its options loaded)', () => {
  const { filterOption, filterSort } = codeNameSearch;
  const sorted = (options: { label: string; code?: string }[], search: string) =>
    options
      .filter((option) => filterOption(search, option))
      .sort((a, b) => filterSort(a, b, { searchValue: search }))
      .map((option) => option.label);

  it('keeps what contains the search and ranks the exact name first', () => {
    const methods = [{ label: 'Boleto PIX' }, { label: 'Cartão' }, { label: 'PIX' }];
    expect(sorted(methods, 'pix')).toEqual(['PIX', 'Boleto PIX']);
  });

  it('ranks a category by its own name, not its path, and a group by its best option', () => {
    const options = [
      { label: 'Custos › Manutenção', code: 'Manutenção' },
      { label: 'Manutenção predial', code: 'Manutenção predial' },
    ];
    expect(sorted(options, 'manutencao')).toEqual(['Custos › Manutenção', 'Manutenção predial']);
    const group = {
      label: 'Despesas',
      options: [{ label: 'Despesas › Aluguel', code: 'Aluguel' }],
    };
    const other = { label: 'Aluguel de máquinas', code: 'Aluguel de máquinas' };
    expect(filterSort(group, other, { searchValue: 'aluguel' })).toBeLessThan(0);
  });
});
