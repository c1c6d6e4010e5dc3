import { describe, expect, it } from 'vitest';
import type { Kardex, KardexRow } from '../../../shared/resources/stock-items.js';
import { kardexLines, signedChange } from './kardex-lines.js';

const movement = (changes: Partial<KardexRow>): KardexRow => ({
  id: 1,
  date: '2026-03-02',
  type: 'IN',
  fromLocationId: null,
  fromLocationName: null,
  toLocationId: 2,
  toLocationName: 'Almoxarifado',
  quantity: '10.000',
  unitCost: '3.5000',
  value: '35.00',
  origin: { type: 'MANUAL', id: null },
  notes: null,
  userName: 'Administrador',
  reversalOf: null,
  change: '10.000',
  balance: '10.000',
  ...changes,
});

const kardex = (changes: Partial<Kardex>): Kardex => ({
  item: {
    id: 7,
    code: 'ALG-01',
    name: 'Algodão cru',
    kind: 'FEEDSTOCK',
    unitCode: 'KG',
    unitDecimals: 3,
  },
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
  openingBalance: '0.000',
  closingBalance: '0.000',
  ...changes,
});

describe("the kardex's quantities", () => {
  it("signs what came in with + and what left with −, in the unit's decimals", () => {
    expect(signedChange({ change: '10.000', quantity: '10.000' }, 3)).toEqual({
      text: '+10,000',
      direction: 'in',
    });
    expect(signedChange({ change: '-1234.5', quantity: '1234.500' }, 3)).toEqual({
      text: '\u22121.234,500',
      direction: 'out',
    });
    expect(signedChange({ change: '-4.000', quantity: '4.000' }, 0).text).toBe('\u22124');
  });

  it('shows a transfer between two locations of the scope unsigned: it moved, it did not change', () => {
    expect(signedChange({ change: '0.000', quantity: '200.000' }, 3)).toEqual({
      text: '200,000',
      direction: 'none',
    });
  });
});

describe("the kardex's lines", () => {
  it('opens the first page with the balance before the period, then each movement with its balance', () => {
    const lines = kardexLines(
      kardex({
        total: 2,
        openingBalance: '5.000',
        items: [
          movement({ id: 11, change: '10.000', balance: '15.000' }),
          movement({
            id: 12,
            date: '2026-03-03',
            type: 'TRANSFER',
            fromLocationName: 'Almoxarifado',
            toLocationName: 'Fábrica',
            quantity: '4.000',
            change: '-4.000',
            balance: '11.000',
            unitCost: '3.1234',
            reversalOf: 9,
          }),
        ],
      }),
      '2026-03-01',
    );
    expect(lines[0]).toEqual({
      kind: 'opening',
      key: 'opening',
      label: 'Saldo anterior a 01/03/2026',
      balance: '5,000',
    });
    expect(lines[1]).toMatchObject({
      kind: 'movement',
      key: 11,
      change: '+10,000',
      balance: '15,000',
    });
    expect(lines[2]).toEqual({
      kind: 'movement',
      key: 12,
      id: 12,
      date: '03/03/2026',
      type: { label: 'Transferência', color: 'blue' },
      places: 'Almoxarifado → Fábrica',
      change: '\u22124,000',
      direction: 'out',
      unitCost: 'R$ 3,1234',
      balance: '11,000',
      reversalOf: 9,
    });
  });

  it('without a start says "Saldo anterior"; an empty period still shows it', () => {
    expect(kardexLines(kardex({ openingBalance: '7.000' }), undefined)).toEqual([
      { kind: 'opening', key: 'opening', label: 'Saldo anterior', balance: '7,000' },
    ]);
  });

  it('opens a later page with the balance carried from the page before', () => {
    const lines = kardexLines(
      kardex({
        page: 2,
        total: 30,
        openingBalance: '0.000',
        items: [movement({ id: 40, type: 'OUT', change: '-2.500', balance: '17.500' })],
      }),
      undefined,
    );
    expect(lines[0]).toMatchObject({ label: 'Saldo transportado', balance: '20,000' });
    expect(lines[1]).toMatchObject({ change: '\u22122,500', balance: '17,500' });
  });
});
